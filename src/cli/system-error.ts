/** A Node system error (ENOENT, ENOSPC...) as a short phrase for a one-line message. */

const PHRASES: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EISDIR: "it is a directory",
  // Streams word these "write EIO" or "write ENOSPC", without a description.
  EIO: "input/output error (EIO)",
  ENOSPC: "no space left on device (ENOSPC)",
};

/**
 * "no such file" for the common codes, else Node's own description with its code ("no space left on device
 * (ENOSPC)"), else the message as it is.
 */
export function systemReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && Object.hasOwn(PHRASES, code)) return PHRASES[code]!;
  const message = error instanceof Error ? error.message : String(error);
  // Node words a system error "CODE: description, syscall[ 'path']".
  if (code === undefined || !message.startsWith(`${code}: `)) return message;
  return `${message.slice(code.length + 2).split(",")[0]} (${code})`;
}
