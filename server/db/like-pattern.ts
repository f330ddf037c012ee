/** A LIKE pattern that matches `text` literally anywhere: %, _ and \ in the text are escaped. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
