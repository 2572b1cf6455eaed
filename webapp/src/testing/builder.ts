/** Fixtures as the tests build them: the usual value, with what a test says otherwise. */

/** A fixture builder: each call a fresh `defaults()`, with the fields a test gives (`over`) in their place. */
export function builder<T extends object>(defaults: () => T): (over?: Partial<T>) => T {
  return (over = {}) => ({ ...defaults(), ...over });
}
