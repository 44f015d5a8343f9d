// Draws a house illustration as SVG, so demo listings have real images without shipping any.
import type { Random } from './random.js'

const skies = [
  ['#8ec5ff', '#e0f0ff'],
  ['#ffb88c', '#ffe6cc'],
  ['#a1c4fd', '#c2e9fb'],
  ['#fbc2eb', '#a6c1ee'],
  ['#84fab0', '#dff7ff'],
]
const walls = ['#f4e3c1', '#e8d5b7', '#d9e4dd', '#f7d6bf', '#e3e7ef', '#f2efe6', '#cfd8dc']
const roofs = ['#b5523b', '#6d4c41', '#455a64', '#8d3b2f', '#37474f', '#a0522d']
const doors = ['#2e7d32', '#1565c0', '#6a1b9a', '#c62828', '#4e342e', '#00695c']

export function houseSvg(random: Random, width = 1200, height = 800): string {
  const [skyTop, skyBottom] = random.pick(skies)
  const wall = random.pick(walls)
  const roof = random.pick(roofs)
  const door = random.pick(doors)
  const houseWidth = random.int(420, 620)
  const houseHeight = random.int(240, 320)
  const x = random.int(160, width - houseWidth - 160)
  const ground = 620
  const top = ground - houseHeight
  const roofPeak = top - random.int(120, 190)
  const floors = houseHeight > 280 ? 2 : 1
  const windows: string[] = []
  const columns = houseWidth > 520 ? 3 : 2
  for (let floor = 0; floor < floors; floor++) {
    for (let column = 0; column < columns; column++) {
      const wx = x + 50 + column * ((houseWidth - 100) / columns) + 10
      const wy = top + 40 + floor * 130
      if (floor === floors - 1 && column === Math.floor(columns / 2)) continue
      windows.push(
        `<rect x="${wx}" y="${wy}" width="80" height="70" rx="4" fill="#fff8dc" stroke="#5d4037" stroke-width="6"/>` +
          `<path d="M${wx + 40} ${wy} v70 M${wx} ${wy + 35} h80" stroke="#5d4037" stroke-width="4"/>`,
      )
    }
  }
  const doorX = x + houseWidth / 2 - 45
  const sunX = random.int(80, width - 80)
  const trees = Array.from({ length: random.int(1, 3) }, () => {
    const tx = random.pick([
      random.int(40, Math.max(60, x - 80)),
      random.int(x + houseWidth + 60, width - 40),
    ])
    const size = random.int(50, 90)
    return (
      `<rect x="${tx - 10}" y="${ground - 120}" width="20" height="120" fill="#6d4c41"/>` +
      `<circle cx="${tx}" cy="${ground - 140}" r="${size}" fill="${random.pick(['#43a047', '#2e7d32', '#66bb6a'])}"/>`
    )
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="120" r="60" fill="#fff3b0" opacity="0.9"/>
<rect y="${ground}" width="${width}" height="${height - ground}" fill="#7cb342"/>
<path d="M0 ${ground + 60} Q ${width / 2} ${ground + 20} ${width} ${ground + 70} V ${height} H 0 Z" fill="#689f38"/>
${trees.join('\n')}
<rect x="${x}" y="${top}" width="${houseWidth}" height="${houseHeight}" fill="${wall}" stroke="#5d4037" stroke-width="6"/>
<path d="M${x - 40} ${top + 6} L${x + houseWidth / 2} ${roofPeak} L${x + houseWidth + 40} ${top + 6} Z" fill="${roof}" stroke="#3e2723" stroke-width="6"/>
<rect x="${x + houseWidth - 120}" y="${roofPeak + 40}" width="44" height="90" fill="#8d6e63" stroke="#3e2723" stroke-width="5"/>
${windows.join('\n')}
<rect x="${doorX}" y="${ground - 150}" width="90" height="150" rx="6" fill="${door}" stroke="#3e2723" stroke-width="6"/>
<circle cx="${doorX + 72}" cy="${ground - 75}" r="6" fill="#ffd54f"/>
<path d="M${doorX - 30} ${ground} h150 l30 30 h-210 z" fill="#bcaaa4"/>
</svg>`
}
