import { describe, expect, it } from 'vitest'
import { maxPhotoSide, sentSize } from './downscale-photo'

describe('the size a photo is sent at', () => {
  it('keeps a photo whose longest side is at most 4000 px as it is', () => {
    expect(sentSize(4000, 3000)).toEqual({ width: 4000, height: 3000 })
    expect(sentSize(640, 480)).toEqual({ width: 640, height: 480 })
  })

  it('brings the longest side of a larger one to 4000 px, keeping its shape', () => {
    expect(maxPhotoSide).toBe(4000)
    expect(sentSize(4032, 3024)).toEqual({ width: 4000, height: 3000 })
    expect(sentSize(6048, 8064)).toEqual({ width: 3000, height: 4000 })
    expect(sentSize(20000, 3)).toEqual({ width: 4000, height: 1 })
  })
})
