import { createHmac } from 'node:crypto';

/**
 * Aliyun's RPC signature, version 1.0 (SignatureMethod=HMAC-SHA1), as its "签名机制" pages
 * describe it (README.md, "Sources"): the parameters are sorted by name, each name and value
 * percent-encoded the POP way and joined as a query string; that string is encoded once more
 * into `METHOD&%2F&…`, signed with HMAC-SHA1 under the key `AccessKeySecret + "&"`, and the
 * Base64 digest is sent as the `Signature` parameter. Pure functions: the client signs with them
 * and the fake (fake.ts) checks with them.
 */

/** The request parameters of one call, by name (Signature itself excluded when signing). */
export type RpcParams = Readonly<Record<string, string>>;

/**
 * Aliyun's percent-encoding (RFC 3986 on UTF-8): only A–Z a–z 0–9 `-` `_` `.` `~` stay as they
 * are; a space is `%20` (never `+`), `*` is `%2A`, `~` is left alone. This is the documented
 * "URLEncoder, then `+`→`%20`, `*`→`%2A`, `%7E`→`~`": encodeURIComponent already gives `%20` and
 * keeps `~`, but also keeps `! ' ( ) *`, which are escaped here.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The canonicalized query string: every parameter but `Signature`, sorted by name (plain code
 * unit order, as the SDKs' sort / Java's TreeMap do), `encode(name)=encode(value)` joined by `&`.
 */
export function canonicalQuery(params: RpcParams): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

/** `HTTPMethod & percentEncode("/") & percentEncode(canonicalQuery)`. */
export function stringToSign(method: string, params: RpcParams): string {
  return `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** Base64(HMAC-SHA1(AccessKeySecret + "&", text)). */
export function hmacSignature(text: string, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(text, 'utf8').digest('base64');
}

/** The `Signature` value for a request sent with `method` carrying `params`. */
export function signRpc(method: string, params: RpcParams, accessKeySecret: string): string {
  return hmacSignature(stringToSign(method, params), accessKeySecret);
}

/**
 * The `Timestamp` parameter: ISO 8601 in UTC to the second, `yyyy-MM-ddTHH:mm:ssZ` (the gateway
 * refuses a time more than 15 minutes from its own).
 */
export function rpcTimestamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A signed request body/query: the parameters plus their `Signature`, every name and value
 * encoded as above (valid both as a query string and as an x-www-form-urlencoded body).
 */
export function signedQuery(method: string, params: RpcParams, accessKeySecret: string): string {
  const signature = signRpc(method, params, accessKeySecret);
  return `${canonicalQuery(params)}&Signature=${percentEncode(signature)}`;
}
