/** Reading a manifest's parsed JSON tree (jsonc-parser nodes): properties and their values. */
import type { Node } from 'jsonc-parser';

/** The value node of a property of an object node. */
export function propertyValue(obj: Node, key: string): Node | undefined {
  return obj.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

/** The string value of a property, if it is a string. */
export function stringAt(obj: Node, key: string): Node | undefined {
  const v = propertyValue(obj, key);
  return v?.type === 'string' ? v : undefined;
}

/** The key and value nodes of an object node's properties, in order. */
export function properties(obj: Node): { key: Node; value: Node | undefined }[] {
  return (obj.children ?? []).flatMap((p) => (p.children?.[0] ? [{ key: p.children[0], value: p.children[1] }] : []));
}
