// The company's mark and name on Decap's sign-in screen (logo_url; the image is written by
// src/build/admin-bundle.ts). Decap shows it as an <img> without dimensions in a 300 px wide box:
// until it loads, it takes no height, and the sign-in button below it moves down when it does,
// under the editor's pointer. Its square is reserved here, before Decap renders.

export const signInLogoUrl = "/admin/logo.svg";

export function reserveSignInLogoSpace(document: Document): void {
  const style = document.createElement("style");
  style.textContent = `img[src="${signInLogoUrl}"] { display: block; width: 300px; height: 300px; }`;
  document.head.append(style);
}
