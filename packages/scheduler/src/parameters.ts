// A member's own FSRS-6 weights: 21 finite numbers, each inside the range ts-fsrs clamps it to.
// Weights outside those ranges would be silently clipped by ts-fsrs, so the member would be
// scheduled with weights nobody evaluated; they are refused instead.

import { InvalidPreferencesError, describeValue } from "./errors.ts";
import { DEFAULT_PARAMETERS, PARAMETER_BOUNDS, RecallPredictor } from "./fsrs-adapter.ts";

export { DEFAULT_PARAMETERS, PARAMETER_BOUNDS, RecallPredictor };

export const PARAMETER_COUNT = 21;

/** Why `value` cannot be used as FSRS-6 weights, or null when it can. */
export function parameterProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return `parameters must be an array of ${PARAMETER_COUNT} numbers, got ${describeValue(value)}`;
  if (value.length !== PARAMETER_COUNT) {
    return `parameters must hold ${PARAMETER_COUNT} numbers, got ${value.length}`;
  }
  for (let i = 0; i < PARAMETER_COUNT; i++) {
    const weight: unknown = value[i];
    const [low, high] = PARAMETER_BOUNDS[i] as readonly [number, number];
    if (typeof weight !== "number" || !Number.isFinite(weight)) {
      return `parameter w${i} must be a finite number, got ${describeValue(weight)}`;
    }
    if (weight < low || weight > high) return `parameter w${i} must be from ${low} to ${high}, got ${weight}`;
  }
  return null;
}

/** Validated, frozen copy of member weights; null stays null (the defaults). */
export function checkParameters(value: unknown): readonly number[] | null {
  if (value === null) return null;
  const problem = parameterProblem(value);
  if (problem !== null) throw new InvalidPreferencesError("parameters", problem);
  return Object.freeze([...(value as number[])]);
}
