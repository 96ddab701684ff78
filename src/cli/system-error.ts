/** A Node system error (ENOENT, ENOSPC...) as a short phrase for a one-line message. */

const PHRASES: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EISDIR: "it is a directory",
};

/**
 * "no such file" for the common codes, else Node's own description with its code ("no space left on device
 * (ENOSPC)"), else the message as it is.
 */
export function systemReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && code in PHRASES) return PHRASES[code]!;
  const message = error instanceof Error ? error.message : String(error);
  // Node words a system error "CODE: description, syscall[ 'path']".
  const description = code === undefined ? undefined : new RegExp(`^${code}: ([^,]+)`).exec(message)?.[1];
  return description === undefined ? message : `${description} (${code})`;
}
