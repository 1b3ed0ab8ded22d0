/** Only image sources the server may legitimately send are put in an <img>: http(s), a path on this server, or an inline SVG/PNG/JPEG. */
export function isSafeImageSrc(src: string | null | undefined): src is string {
  const value = (src ?? '').trim();
  return /^(https?:\/\/|\/(?!\/))\S+$/i.test(value) || /^data:image\/(svg\+xml|png|jpeg)[,;]/i.test(value);
}
