/**
 * Base32hex in lower case (RFC 4648's extended hex alphabet), XID's alphabet: values 0-31 as 0-9 then a-v, in
 * ASCII order, so text order is value order. Apart from the XID codec, so that its scan kernel reads the same table
 * without importing the codec that names the kernel in its spec.
 */

/** The alphabet, by value: rs/xid's `encoding`. */
export const XID_ALPHABET = "0123456789abcdefghijklmnopqrstuv";
/** Value (0-31) -> ASCII code. */
export const XID_ENCODE = Uint8Array.from(XID_ALPHABET, (char) => char.charCodeAt(0));
/** Value (0-31) of every UTF-16 code unit; 0xFF for anything but the 32 lower-case symbols. */
export const XID_DECODE = new Uint8Array(0x10000).fill(0xff);
for (let value = 0; value < 32; value++) XID_DECODE[XID_ENCODE[value]!] = value;
