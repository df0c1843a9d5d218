import type { ValidateFunction } from 'ajv';
import { describeError, displayPath } from './describeError.js';
import type { Position, YamlSource } from './yamlSource.js';

export type Report = (position: Position, where: string, message: string) => void;

/**
 * Reports each error of a failed validation of one parsed file once, at the exact place in
 * the file (for a missing key, the section that lacks it).
 */
export function reportSchemaErrors(validate: ValidateFunction, source: YamlSource, rootLabel: string, report: Report): void {
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const target = describeError(error, source.data);
    if (!target) continue;
    const pos = source.positionOf(target.pointer, target.unknownKey);
    const where = target.pointer.length ? displayPath(target.pointer) : rootLabel;
    const key = `${pos.line}:${pos.col}:${where}:${target.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    report(pos, where, target.message);
  }
}
