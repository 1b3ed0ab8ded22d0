/** Which image URLs are put in an <img>: the ones the contract allows, http(s) or a path on this server. */
export const isSafeImageUrl = (url: string) => /^(https?:\/\/|\/(?!\/))\S+$/i.test(url);
