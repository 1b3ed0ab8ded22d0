/** Keeps secrets out of logs: session ids, OTPs and card numbers never reach a log line. */
const SECRET_QUERY_KEYS = /([?&](?:sessionId|smsCode|verifyCode|capcode|cardNo)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_KEYS, '$1[redacted]');
}
