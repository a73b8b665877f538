/**
 * A typed input's value as a person or a script types it: checked against the input's type before
 * a command is filled (the CLI's `name=value` arguments, Route request…'s input boxes, the
 * fillCommand request). `number` is a JSON number (not `0x10`, `0b11`, `Infinity` or ` 5 `),
 * `boolean` is `true` or `false`, `object` and `array` are JSON of that shape; NUL is refused.
 */
import { depthExceededAt, MAX_VALUE_DEPTH } from '../text/jsonDepth';
import { isJsonSyntaxError, unlessExpected } from '../analysis/expectedErrors';

export interface InputSpec {
  name: string;
  type: string;
  required: boolean;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Why the text is not a value of the input, or undefined when it is. The empty text is a value: an
 * empty string (`b=` on the command line), not a missing input; it is no number, boolean or JSON.
 */
export function checkInputText(spec: InputSpec, text: string): string | undefined {
  if (text.includes('\0')) return `${spec.name} cannot hold a NUL character`;
  switch (spec.type) {
    case 'number':
      return JSON_NUMBER.test(text) && Number.isFinite(Number(text)) ? undefined : `${spec.name} must be a number (a JSON number such as 42 or -1.5), not ${JSON.stringify(text)}`;
    case 'boolean':
      return text === 'true' || text === 'false' ? undefined : `${spec.name} must be true or false, not ${JSON.stringify(text)}`;
    case 'object':
    case 'array': {
      if (depthExceededAt(text, MAX_VALUE_DEPTH) >= 0) return `${spec.name} is nested more than ${MAX_VALUE_DEPTH} levels deep`;
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch (e) {
        unlessExpected(e, isJsonSyntaxError);
        return `${spec.name} must be a JSON ${spec.type}: ${(e as Error).message}`;
      }
      const ok = spec.type === 'array' ? Array.isArray(v) : v !== null && typeof v === 'object' && !Array.isArray(v);
      return ok ? undefined : `${spec.name} must be a JSON ${spec.type}`;
    }
    default:
      return undefined;
  }
}

/** The typed value of accepted text (numbers, booleans and JSON parsed; other text as it is). */
export function parseInputText(spec: InputSpec, text: string): unknown {
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

/** Problems with a whole set of values for a skill's inputs: unknown names, wrong types, missing required ones. */
export function checkInputValues(specs: readonly InputSpec[], values: Record<string, unknown>, options: { allowMissing?: boolean } = {}): string[] {
  const out: string[] = [];
  const byName = new Map(specs.map((s) => [s.name, s]));
  for (const [name, v] of Object.entries(values)) {
    const spec = byName.get(name);
    if (!spec) {
      out.push(`the skill has no input named ${JSON.stringify(name)}${specs.length ? ` (its inputs: ${specs.map((s) => s.name).join(', ')})` : ' (it declares no inputs)'}`);
      continue;
    }
    const problem = typeof v === 'string' ? checkInputText(spec, v) : checkTypedValue(spec, v);
    if (problem) out.push(problem);
  }
  if (!options.allowMissing) {
    for (const s of specs) if (s.required && !Object.prototype.hasOwnProperty.call(values, s.name)) out.push(`${s.name} is required`);
  }
  return out;
}

/** A value that arrived already typed (JSON from the fillCommand request). */
function checkTypedValue(spec: InputSpec, v: unknown): string | undefined {
  const kind = Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
  switch (spec.type) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? undefined : `${spec.name} must be a number, not ${kind}`;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : `${spec.name} must be true or false, not ${kind}`;
    case 'object':
      return kind === 'object' ? undefined : `${spec.name} must be an object, not ${kind}`;
    case 'array':
      return kind === 'array' ? undefined : `${spec.name} must be an array, not ${kind}`;
    default:
      return kind === 'string' || kind === 'number' || kind === 'boolean' ? undefined : `${spec.name} must be a string, not ${kind}`;
  }
}
