/** Building SQL text with its parameters: what tables, reports and imports share when a statement is composed. */

/** Builds one statement's text and its parameters together, so a value can never land in the text. */
export class Statement {
  readonly params: unknown[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

/** A column named by a definition, as SQL spells it (the names are checked by the definitions' test). */
export const quoted = (name: string) => `"${name}"`;
