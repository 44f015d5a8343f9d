// A tus 1.0 upload over the network, as tus-js-client sends it from the listing form: a creation,
// then the bytes in chunks of 256 KiB; the last chunk gets its response once the image is stored. A chunk
// lost with its server (in the cluster soak) is followed by a HEAD for the offset, as tus-js-client does.
import { limits } from '../../src/shared/listing.js'
import { tusMetadata } from '../../tests/support/tus.js'
import type { Send } from './http.js'

export interface SampleImage {
  name: string
  type: 'image/jpeg' | 'image/png'
  bytes: Buffer
}

const tusResumable = { 'Tus-Resumable': '1.0.0' }
/** How often one upload goes on after a chunk that got no response, as tus-js-client retries. */
const maxResumes = 3
/** No response, or the load balancer's: the chunk may or may not have been stored. */
const lostChunk = (status: number) => status === 0 || status === 502 || status === 503

/** Returns the upload id once the server has stored the image, undefined when it was rejected. */
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
  let offset = 0
  let resumes = 0
  while (offset < image.bytes.length) {
    const chunk = image.bytes.subarray(offset, offset + limits.uploadChunkBytes)
    const response = await send('PATCH /api/uploads/:id', `/api/uploads/${id}`, {
      method: 'PATCH',
      cookie,
      headers: {
        ...tusResumable,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(chunk),
    })
    if (response.status === 204) offset += chunk.length
    else if (lostChunk(response.status) && resumes < maxResumes) {
      // The server died under the chunk: ask any server where the upload stands, and go on.
      resumes += 1
      const head = await send('HEAD /api/uploads/:id', `/api/uploads/${id}`, {
        method: 'HEAD',
        cookie,
        headers: tusResumable,
      })
      const stored = Number(head.headers.get('upload-offset'))
      if (head.status !== 200 || !Number.isInteger(stored)) return undefined
      offset = stored
    } else return undefined
  }
  return id
}
