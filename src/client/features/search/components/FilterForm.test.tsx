// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListingFilter } from '../../../../shared/listing-requests'
import { FilterForm } from './FilterForm'

afterEach(cleanup)

function showForm(filter: ListingFilter = {}) {
  const onApply = vi.fn<(filter: ListingFilter) => void>()
  const view = render(<FilterForm filter={filter} onApply={onApply} layout="bar" />)
  return { onApply, view }
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }))

describe('the filter form', () => {
  it('applies every field, and keeps the type, the text and the map area it does not set', () => {
    const bbox = { west: 2.2, south: 48.8, east: 2.4, north: 48.9 }
    const { onApply } = showForm({ q: 'loft', bbox, type: 'sale' })
    type('Min price', '1,500')
    type('Max price', '$250000')
    type('Bedrooms', '3')
    type('Bathrooms', '2')
    fireEvent.click(screen.getByLabelText('Parking'))
    fireEvent.click(screen.getByLabelText('Furnished'))
    fireEvent.click(screen.getByLabelText('Offers only'))
    apply()
    expect(onApply).toHaveBeenCalledWith({
      q: 'loft',
      bbox,
      type: 'sale',
      minPrice: 1500,
      maxPrice: 250000,
      minBedrooms: 3,
      minBathrooms: 2,
      parking: true,
      furnished: true,
      offer: true,
    })
  })

  it('shows the applied search, and follows it when it changes (Back, a removed chip)', () => {
    const { view, onApply } = showForm({ type: 'rent', maxPrice: 900, minBedrooms: 7 })
    expect(screen.getByLabelText<HTMLInputElement>('Max price').value).toBe('900')
    // More rooms than the choices offer, from a shared link, stay chosen.
    expect(screen.getByLabelText<HTMLSelectElement>('Bedrooms').value).toBe('7')
    type('Min price', '100')
    view.rerender(<FilterForm filter={{ type: 'sale' }} onApply={onApply} layout="bar" />)
    expect(screen.getByLabelText<HTMLInputElement>('Min price').value).toBe('')
    expect(screen.getByLabelText<HTMLInputElement>('Max price').value).toBe('')
  })

  it('keeps a no from a link until its box is ticked', () => {
    const { onApply } = showForm({ parking: false })
    expect(screen.getByLabelText<HTMLInputElement>('Parking').checked).toBe(false)
    apply()
    expect(onApply).toHaveBeenLastCalledWith({ parking: false })
    fireEvent.click(screen.getByLabelText('Parking'))
    apply()
    expect(onApply).toHaveBeenLastCalledWith({ parking: true })
    fireEvent.click(screen.getByLabelText('Parking'))
    apply()
    expect(onApply).toHaveBeenLastCalledWith({})
  })

  it('offers the prices only once Rent or Buy is chosen', () => {
    showForm({ q: 'loft' })
    expect(screen.queryByLabelText('Min price')).toBeNull()
    expect(screen.getByText('Choose Rent or Buy to filter by price.')).toBeTruthy()
  })

  it('asks for whole dollars, and applies nothing until they are', () => {
    const { onApply } = showForm({ type: 'rent' })
    type('Min price', '12.50')
    apply()
    expect(onApply).not.toHaveBeenCalled()
    const min = screen.getByLabelText('Min price')
    expect(min.getAttribute('aria-invalid')).toBe('true')
    expect(min.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(min.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter whole dollars, like 1500',
    )
    expect(document.activeElement).toBe(min)
  })

  it('will not apply a min price above the max price', () => {
    const { onApply } = showForm({ type: 'rent' })
    type('Min price', '3000')
    type('Max price', '1000')
    apply()
    expect(onApply).not.toHaveBeenCalled()
    expect(screen.getByText('The min price is above the max price')).toBeTruthy()
    type('Min price', '1000')
    apply()
    expect(onApply).toHaveBeenCalledWith({ type: 'rent', minPrice: 1000, maxPrice: 1000 })
  })

  it('clears its fields with Clear, and applies only when asked', () => {
    const { onApply } = showForm({ q: 'loft', type: 'rent', maxPrice: 900, offer: true })
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(onApply).not.toHaveBeenCalled()
    expect(screen.getByLabelText<HTMLInputElement>('Max price').value).toBe('')
    apply()
    expect(onApply).toHaveBeenCalledWith({ q: 'loft', type: 'rent' })
  })

  it('applies the floor area, the date, the home types ticked and pets', () => {
    const { onApply } = showForm({ type: 'rent' })
    type('Min area in square metres', '40')
    type('Max area in square metres', '1,200')
    type('Available by', '2027-03-01')
    fireEvent.click(screen.getByLabelText('Studio'))
    fireEvent.click(screen.getByLabelText('House'))
    fireEvent.click(screen.getByLabelText('Room'))
    fireEvent.click(screen.getByLabelText('Room'))
    fireEvent.click(screen.getByLabelText('Pets allowed'))
    apply()
    expect(onApply).toHaveBeenCalledWith({
      type: 'rent',
      minArea: 40,
      maxArea: 1200,
      availableBy: '2027-03-01',
      homeType: ['house', 'studio'],
      petsAllowed: true,
    })
  })

  it('starts from the facts of the applied search', () => {
    showForm({ homeType: ['apartment', 'land'], maxArea: 90, availableBy: '2027-01-31' })
    expect(screen.getByLabelText<HTMLInputElement>('Apartment').checked).toBe(true)
    expect(screen.getByLabelText<HTMLInputElement>('Land').checked).toBe(true)
    expect(screen.getByLabelText<HTMLInputElement>('House').checked).toBe(false)
    expect(screen.getByLabelText<HTMLInputElement>('Max area in square metres').value).toBe('90')
    expect(screen.getByLabelText<HTMLInputElement>('Available by').value).toBe('2027-01-31')
  })

  it('asks for an area the search takes, at its field, and applies nothing until it is', () => {
    const { onApply } = showForm()
    type('Max area in square metres', '3')
    apply()
    expect(onApply).not.toHaveBeenCalled()
    const max = screen.getByLabelText('Max area in square metres')
    expect(max.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(max.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter whole square metres from 5 to 100,000',
    )
    expect(document.activeElement).toBe(max)
    type('Max area in square metres', '80')
    type('Min area in square metres', '120')
    apply()
    expect(onApply).not.toHaveBeenCalled()
    expect(screen.getByText('The min area is above the max area')).toBeTruthy()
  })
})
