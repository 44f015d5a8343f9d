// @vitest-environment happy-dom
// The search box as a combobox (WAI-ARIA 1.2, list autocomplete): the places it suggests come from
// GET /api/places through the typed client, the keys move, choose and close as the pattern says,
// and Enter on the text alone still searches the words.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../api/query-client'
import type { Place } from '../api/places'
import { SearchBox } from './SearchBox'

const london: Place = {
  id: 2643743,
  name: 'London',
  region: 'England',
  country: 'GB',
  lat: 51.507,
  lng: -0.128,
  bbox: [-0.51, 51.28, 0.33, 51.69],
  count: 12,
}
const londonOntario: Place = {
  id: 6058560,
  name: 'London',
  region: 'Ontario',
  country: 'CA',
  lat: 42.98,
  lng: -81.25,
  bbox: [-81.4, 42.83, -81.1, 43.1],
  count: 1,
}
const londonderry: Place = { ...london, id: 2643736, name: 'Londonderry', region: '', count: 0 }
const places: Record<string, Place[]> = {
  lon: [london, londonOntario, londonderry],
  lond: [london, londonOntario, londonderry],
  londo: [london, londonOntario],
}

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>

beforeEach(() => {
  queryClient = createQueryClient()
  fetch = vi.fn(async (url: string) => {
    const q = new URL(url, 'http://localhost').searchParams.get('q') ?? ''
    return Response.json({ items: places[q] ?? [] })
  })
  vi.stubGlobal('fetch', fetch)
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
})

function showBox() {
  const onSearch = vi.fn<(query: string | undefined) => void>()
  const onChoosePlace = vi.fn<(place: Place) => void>()
  render(
    <QueryClientProvider client={queryClient}>
      <SearchBox onSearch={onSearch} onChoosePlace={onChoosePlace} />
    </QueryClientProvider>,
  )
  const box = screen.getByRole('combobox', { name: 'Search homes' })
  return { box, onSearch, onChoosePlace }
}

/** Types the text into the box letter by letter, as a visitor does. */
function typeInto(box: HTMLElement, text: string) {
  fireEvent.focus(box)
  for (let end = 1; end <= text.length; end++) {
    fireEvent.change(box, { target: { value: text.slice(0, end) } })
  }
}

const key = (box: HTMLElement, name: string) => fireEvent.keyDown(box, { key: name })
const options = () => screen.queryAllByRole('option')
const activeOption = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant')
  return id ? document.getElementById(id) : null
}

async function suggestLon() {
  const shown = showBox()
  typeInto(shown.box, 'lon')
  await waitFor(() => expect(options()).toHaveLength(3))
  return shown
}

describe('the search box', () => {
  it('suggests the places of the letters typed, after one request, and says how many', async () => {
    const { box } = await suggestLon()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]![0]).toBe('/api/places?q=lon')
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(box.getAttribute('aria-autocomplete')).toBe('list')
    const listbox = screen.getByRole('listbox', { name: 'Places' })
    expect(box.getAttribute('aria-controls')).toBe(listbox.id)
    expect(options().map((option) => option.getAttribute('aria-label'))).toEqual([
      'London, England, United Kingdom, 12 homes',
      'London, Ontario, Canada, 1 home',
      'Londonderry, United Kingdom, No homes',
    ])
    expect(screen.getByRole('status').textContent).toBe('3 places found')
  })

  it('says how many only once the places are those of the text as it is now', async () => {
    const { box } = showBox()
    typeInto(box, 'lo')
    const status = await screen.findByRole('status')
    await waitFor(() => expect(status.textContent).toBe('0 places found'))
    fireEvent.change(box, { target: { value: 'lon' } })
    expect(status.textContent).toBe('')
    await waitFor(() => expect(status.textContent).toBe('3 places found'))
  })

  it('moves through the places with the arrows, and Enter chooses the one it is on', async () => {
    const { box, onChoosePlace, onSearch } = await suggestLon()
    expect(activeOption(box)).toBeNull()
    key(box, 'ArrowDown')
    expect(activeOption(box)?.getAttribute('aria-label')).toMatch(/^London, England/)
    key(box, 'ArrowDown')
    expect(activeOption(box)?.getAttribute('aria-label')).toMatch(/^London, Ontario/)
    expect(activeOption(box)?.getAttribute('aria-selected')).toBe('true')
    key(box, 'ArrowDown')
    key(box, 'ArrowDown')
    // Past the last, back to the first; up from the first, to the last.
    expect(activeOption(box)?.getAttribute('aria-label')).toMatch(/^London, England/)
    key(box, 'ArrowUp')
    expect(activeOption(box)?.getAttribute('aria-label')).toMatch(/^Londonderry/)
    key(box, 'ArrowUp')
    key(box, 'Enter')
    expect(onChoosePlace).toHaveBeenCalledWith(londonOntario)
    expect(onSearch).not.toHaveBeenCalled()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.getAttribute('aria-activedescendant')).toBeNull()
  })

  it('searches the words typed when Enter is pressed on none of the places', async () => {
    const { box, onChoosePlace, onSearch } = await suggestLon()
    // Enter on none of the places leaves the keydown to the browser, whose form then submits.
    expect(key(box, 'Enter')).toBe(true)
    fireEvent.submit(box.closest('form')!)
    expect(onSearch).toHaveBeenCalledWith('lon')
    expect(onChoosePlace).not.toHaveBeenCalled()
    expect(box.getAttribute('aria-expanded')).toBe('false')
  })

  it('keeps the place the arrows are on while the next letters bring the same places', async () => {
    const { box } = await suggestLon()
    key(box, 'ArrowDown')
    key(box, 'ArrowDown')
    fireEvent.change(box, { target: { value: 'lond' } })
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('3 places found'))
    expect(activeOption(box)?.getAttribute('aria-label')).toMatch(/^London, Ontario/)
    // Other places: the arrows start again from the text.
    fireEvent.change(box, { target: { value: 'londo' } })
    await waitFor(() => expect(options()).toHaveLength(2))
    expect(activeOption(box)).toBeNull()
  })

  it('closes the list on Escape, then clears the text on the next', async () => {
    const { box } = await suggestLon()
    key(box, 'ArrowDown')
    key(box, 'Escape')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.getAttribute('aria-activedescendant')).toBeNull()
    expect(box).toHaveProperty('value', 'lon')
    key(box, 'Escape')
    expect(box).toHaveProperty('value', '')
    // The arrows open the list again once there are places to show.
    typeInto(box, 'lon')
    key(box, 'Escape')
    key(box, 'ArrowDown')
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(activeOption(box)?.getAttribute('aria-label')).toMatch(/^London, England/)
  })

  it('chooses a place clicked, keeping the focus in the box', async () => {
    const { onChoosePlace } = await suggestLon()
    const option = options()[0]!
    expect(fireEvent.mouseDown(option)).toBe(false)
    fireEvent.click(option)
    expect(onChoosePlace).toHaveBeenCalledWith(london)
  })

  it('drops the request for letters that have since changed', async () => {
    let first: AbortSignal | undefined
    fetch.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          first = init?.signal ?? undefined
          first?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
        }),
    )
    const { box } = showBox()
    typeInto(box, 'lo')
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    fireEvent.change(box, { target: { value: 'lon' } })
    await waitFor(() => expect(options()).toHaveLength(3))
    expect(first?.aborted).toBe(true)
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/places?q=lo', '/api/places?q=lon'])
  })
})
