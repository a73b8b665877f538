/**
 * Validation and parsing of a skill's typed inputs, as typed into an input box: the same rules the
 * CLI and the server apply (server/src/core/agent/inputValues.ts, pure code shared with the client).
 */
import { checkInputText, parseInputText, type InputSpec } from '../../server/src/core/agent/inputValues';

export type { InputSpec };

/**
 * An error message for the input box, or undefined when the text is acceptable. An input box left
 * empty is an input not given (required ones must be filled in), unlike `b=` on the command line.
 */
export function validateInput(spec: InputSpec, text: string): string | undefined {
  if (text === '') return spec.required ? `${spec.name} is required` : undefined;
  return checkInputText(spec, text);
}

/** The typed value of accepted text (numbers, booleans and JSON are parsed; an empty optional box → absent). */
export function parseInput(spec: InputSpec, text: string): unknown {
  return text === '' && !spec.required ? undefined : parseInputText(spec, text);
}
