// Every stored image has the same variants; a URL of one names the others (see media/images.ts).

export const imageWidths = [400, 1200] as const
export type ImageWidth = (typeof imageWidths)[number]

/** The file name of a variant inside an image's folder in the media store. */
export function variantName(width: ImageWidth): string {
  return `w${width}.webp`
}

/** `…/w1200.webp` → `…/w400.webp`; a URL that is not a variant is returned as it is. */
export function imageVariantUrl(url: string, width: ImageWidth): string {
  return url.replace(/\/w\d+\.webp$/, `/${variantName(width)}`)
}

/** A `srcset` with every variant, for `<img sizes>` to choose from. */
export function imageSrcSet(url: string): string {
  return imageWidths.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', ')
}

/**
 * The `sizes` of each place an image is shown. The server's image preloads repeat them, so the
 * browser picks the same variant for both and downloads it once.
 */
export const imageSizes = {
  /** A slide of Explore's carousel: the page's width less its side padding (global.css, `.page`). */
  slide: '(min-width: 72rem) 68rem, 100vw',
  /** A photo of the listing page's slider. */
  photo: '100vw',
  /** A listing card's cover: the width of a column of the card grid (global.css, `.card-grid`). */
  card: '(min-width: 1024px) 22rem, (min-width: 640px) calc(50vw - 2.25rem), calc(100vw - 2rem)',
} as const
