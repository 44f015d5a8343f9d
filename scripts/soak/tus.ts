// A tus 1.0 upload over the network, as tus-js-client sends it from the listing form: a creation,
// then the bytes in chunks of 256 KiB; the last chunk is answered once the image is stored.
import { limits } from '../../src/shared/listing.js'
import { tusMetadata } from '../../tests/support/tus.js'
import type { Send } from './http.js'

export interface SampleImage {
  name: string
  type: 'image/jpeg' | 'image/png'
  bytes: Buffer
}

const tusResumable = { 'Tus-Resumable': '1.0.0' }

/** Answers the upload id once the server has stored the image, undefined when it refused. */
export async function uploadImage(
  send: Send,
  cookie: string,
  image: SampleImage,
): Promise<string | undefined> {
  const created = await send('POST /api/uploads', '/api/uploads', {
    method: 'POST',
    cookie,
    headers: {
      ...tusResumable,
      'Upload-Length': String(image.bytes.length),
      'Upload-Metadata': tusMetadata({ filename: image.name, filetype: image.type }),
    },
  })
  const id = created.status === 201 ? created.headers.get('location')?.split('/').pop() : undefined
  if (!id) return undefined
  for (let offset = 0; offset < image.bytes.length; offset += limits.uploadChunkBytes) {
    const chunk = image.bytes.subarray(offset, offset + limits.uploadChunkBytes)
    const answer = await send('PATCH /api/uploads/:id', `/api/uploads/${id}`, {
      method: 'PATCH',
      cookie,
      headers: {
        ...tusResumable,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(chunk),
    })
    if (answer.status !== 204) return undefined
  }
  return id
}
