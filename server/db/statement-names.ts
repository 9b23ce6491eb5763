import { createHash } from 'node:crypto';

/**
 * Names for the app's parameterised statements, so each is parsed and planned once per
 * connection and afterwards only bound and run (PGlite parsing an unnamed statement on every
 * call cost more than the work of most reads: measured 0.25 of the same SQL named). The name
 * is the text's hash, so one text always has one name. Bounded: past `max` distinct texts
 * (SQL written with inlined values) new texts run unnamed, so a connection never holds more
 * than `max` statements.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  constructor(private readonly max = 2000) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= this.max) return known;
    const name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }
}
