import { matchPath } from 'react-router'
import { describe, expect, it } from 'vitest'
import {
  categoryPath,
  categoryTitle,
  contactPath,
  documentTitle,
  editListingPath,
  landlordPagePath,
  listingPagePath,
  screens,
} from './screens'

describe('screen paths', () => {
  it('are the routes the router matches, with the same parameters', () => {
    expect(matchPath(screens.category.path, categoryPath('rent'))?.params).toEqual({
      categoryName: 'rent',
    })
    expect(
      matchPath(screens.listing.path, listingPagePath({ type: 'sale', id: 'abc_12-X' }))?.params,
    ).toEqual({ categoryName: 'sale', listingId: 'abc_12-X' })
    expect(matchPath(screens.editListing.path, editListingPath('abc'))?.params).toEqual({
      listingId: 'abc',
    })
    expect(matchPath(screens.landlord.path, landlordPagePath('user_1'))?.params).toEqual({
      userId: 'user_1',
    })
    const contact = new URL(contactPath('user1', 'Flat'), 'http://x')
    expect(matchPath(screens.contact.path, contact.pathname)?.params).toEqual({
      landlordId: 'user1',
    })
  })

  it("write the paths of the spec's screens", () => {
    expect(categoryPath('sale')).toBe('/category/sale')
    expect(listingPagePath({ type: 'rent', id: 'abc' })).toBe('/category/rent/abc')
    expect(editListingPath('abc')).toBe('/edit-listing/abc')
  })

  it('give the contact page the listing name as listingName, encoded', () => {
    const path = contactPath('user1', 'Loft & garden? 100%')
    expect(path).toBe('/contact/user1?listingName=Loft+%26+garden%3F+100%25')
    expect(new URL(path, 'http://x').searchParams.get('listingName')).toBe('Loft & garden? 100%')
  })

  it("add the listing's id when known, after its name", () => {
    expect(contactPath('user1', 'Flat', 'abc')).toBe(
      '/contact/user1?listingName=Flat&listingId=abc',
    )
  })
})

describe('screen titles', () => {
  it("head a category 'Places for rent' for rent and 'Places for sell' otherwise", () => {
    expect(categoryTitle('rent')).toBe('Places for rent')
    expect(categoryTitle('sale')).toBe('Places for sell')
    expect(categoryTitle('castles')).toBe('Places for sell')
  })

  it('name the site after the screen in the tab', () => {
    expect(documentTitle(screens.offers.title)).toBe('Offers | House Marketplace')
  })
})
