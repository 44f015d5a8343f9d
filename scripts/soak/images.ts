// The photos the soak uploads: a large JPEG (two tus chunks), a small JPEG and a PNG. Blurred
// noise compresses about as a photo does; raw noise would make every card variant over budget.
import sharp from 'sharp'
import type { SampleImage } from './tus.js'

async function photo(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer()
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.5)
    .jpeg({ quality: 85 })
    .toBuffer()
}

export async function sampleImages(): Promise<SampleImage[]> {
  return [
    {
      name: 'garden.jpg',
      type: 'image/jpeg',
      bytes: await photo(1600, 1200),
    },
    {
      name: 'kitchen.jpg',
      type: 'image/jpeg',
      bytes: await photo(800, 600),
    },
    {
      name: 'floor plan.png',
      type: 'image/png',
      bytes: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#58a' } })
        .png()
        .toBuffer(),
    },
  ]
}
