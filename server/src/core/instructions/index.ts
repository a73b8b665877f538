/** Instruction files for coding agents: AGENTS.md, Amp's AGENT.md, CLAUDE.md, GEMINI.md, Copilot instructions. */
export { instructionVariantOf, instructionFileInfo, type InstructionVariant, type InstructionFileInfo } from './files';
export { analyzeInstructions, instructionImports, variantFor, CLAUDE_MAX_BYTES, type InstructionAnalysis, type InstructionOptions } from './analyze';
export { instructionHover, instructionDefinition, instructionDocumentLinks, instructionDocumentSymbols, instructionHeadings, importersOf } from './features';
export { instructionsInEffect, type ClientEffect, type EffectItem, type InstructionEntry } from './effect';
export { readInstructionFrontmatter } from './frontmatter';
