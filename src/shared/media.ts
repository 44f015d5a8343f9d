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
