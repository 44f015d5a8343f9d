// A listing's preview image in Open Graph and Twitter tags: its 1200×630 share image (decision 019).
import { imageVariantUrl } from '../../shared/media.js'
import { shareImagePath, shareImageSize } from '../media/share-image.js'

/** A `<meta>` tag as its attribute, that attribute's value and its content, to be escaped. */
export type MetaTag = ['name' | 'property', string, string]

/**
 * The tags of the cover `cover` of the listing `name`, in the order the protocols list them. A
 * cover that is not one of our stored images has no share image: its largest variant is shown,
 * of a size we do not know.
 */
export function shareImageTags(
  cover: string,
  name: string,
  absolute: (url: string) => string,
): MetaTag[] {
  // As the listing page's gallery describes its first photo.
  const alt = `${name}, photo 1`
  const path = shareImagePath(cover)
  const url = absolute(path ?? imageVariantUrl(cover, 1200))
  const size: MetaTag[] = path
    ? [
        ['property', 'og:image:type', 'image/jpeg'],
        ['property', 'og:image:width', String(shareImageSize.width)],
        ['property', 'og:image:height', String(shareImageSize.height)],
      ]
    : []
  return [
    ['property', 'og:image', url],
    ...size,
    ['property', 'og:image:alt', alt],
    ['name', 'twitter:image', url],
    ['name', 'twitter:image:alt', alt],
  ]
}
