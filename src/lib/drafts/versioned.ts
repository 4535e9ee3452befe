// A draft kept on the device carries the version of the build that wrote it. A later build reads
// it through its kind's reader: a newer version than it knows is not read (null), an older one is
// upgraded one step per version, then the result must pass the schema. Add a version by raising
// `version` and writing the step from the one before: never change an old step.
import type { z } from 'zod';

type Stored = Record<string, unknown>;

export interface VersionedKind<S extends z.ZodType> {
  /** the version this build writes */
  version: number;
  /** what a draft of this version is */
  schema: S;
  /** upgrades[n] turns a version n record into a version n + 1 one */
  upgrades?: Record<number, (record: Stored) => Stored>;
}

/** A reader of stored records: the draft of this build, or null when it cannot be read. */
export function versionedReader<S extends z.ZodType>(kind: VersionedKind<S>) {
  return (raw: unknown): z.infer<S> | null => {
    if (!raw || typeof raw !== 'object') return null;
    const version = (raw as { version?: unknown }).version;
    if (typeof version !== 'number' || !Number.isInteger(version) || version > kind.version) return null;
    let record = raw as Stored;
    for (let v = version; v < kind.version; v++) {
      const step = kind.upgrades?.[v];
      if (!step) return null;
      record = { ...step(record), version: v + 1 };
    }
    const parsed = kind.schema.safeParse(record);
    return parsed.success ? parsed.data : null;
  };
}
