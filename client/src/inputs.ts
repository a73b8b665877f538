/** Validation and parsing of a skill's typed inputs, as typed into an input box. */

export interface InputSpec {
  name: string;
  type: string;
  required: boolean;
}

/** An error message for the input box, or undefined when the text is acceptable. */
export function validateInput(spec: InputSpec, text: string): string | undefined {
  if (text === '') return spec.required ? `${spec.name} is required` : undefined;
  switch (spec.type) {
    case 'number':
      return Number.isFinite(Number(text)) && text.trim() !== '' ? undefined : `${spec.name} must be a number`;
    case 'boolean':
      return text === 'true' || text === 'false' ? undefined : `${spec.name} must be true or false`;
    case 'object':
    case 'array':
      try {
        const v: unknown = JSON.parse(text);
        const ok = spec.type === 'array' ? Array.isArray(v) : v !== null && typeof v === 'object' && !Array.isArray(v);
        return ok ? undefined : `${spec.name} must be a JSON ${spec.type}`;
      } catch {
        return `${spec.name} must be a JSON ${spec.type}`;
      }
    default:
      return undefined;
  }
}

/** The typed value of accepted text (numbers, booleans and JSON are parsed; empty optional → absent). */
export function parseInput(spec: InputSpec, text: string): unknown {
  if (text === '' && !spec.required) return undefined;
  switch (spec.type) {
    case 'number':
      return Number(text);
    case 'boolean':
      return text === 'true';
    case 'object':
    case 'array':
      return JSON.parse(text);
    default:
      return text;
  }
}
