import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFormat, numberFormat, prepareFormatters } from '../format.ts';

/** Counts what `new Intl[name](…)` makes, still making the real thing. */
function countMade(name: 'NumberFormat' | 'Locale') {
  const Real = Intl[name] as unknown as new (...args: unknown[]) => object;
  const made = vi.fn();
  // a function, not an arrow: it is called with `new`
  function counted(...args: unknown[]) {
    made();
    return new Real(...args);
  }
  vi.spyOn(Intl, name).mockImplementation(counted as never);
  return made;
}

describe('prepareFormatters', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("does nothing in the caller's task, then leaves the shell's formatters made", async () => {
    const makeLocale = countMade('Locale');
    const makeNumber = countMade('NumberFormat');
    const made = prepareFormatters('el');
    expect(makeLocale).not.toHaveBeenCalled();
    expect(makeNumber).not.toHaveBeenCalled();
    await made;
    expect(makeNumber).toHaveBeenCalledOnce();
    makeNumber.mockClear();
    // what formatNumber and formatDate ask for is now ready-made
    numberFormat('el', { maximumFractionDigits: 2 });
    dateFormat('el', { year: 'numeric', month: 'long', day: 'numeric' });
    expect(makeNumber).not.toHaveBeenCalled();
  });
});
