import { Building2, KeyRound } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { formatPrice } from '../../shared/format'
import { effectivePrice, type Listing } from '../../shared/listing'
import { imageSizes, imageSrcSet } from '../../shared/media'
import { categoryPath, categoryTitle, listingPagePath, screens } from '../../shared/screens'
import { useRecommendedListings } from '../features/listings/api/listings'
import { Carousel } from '../components/Carousel'
import { searchPath } from '../../shared/search-state'
import { SearchBox } from '../features/search/components/SearchBox'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import styles from './Explore.module.css'

export default function Explore() {
  useDocumentTitle(screens.explore.title)
  const navigate = useNavigate()
  return (
    <main className="page">
      <h1 className="page-header">{screens.explore.title}</h1>
      <Recommended />
      <SearchBox
        className={styles.search}
        onSearch={(q) => void navigate(searchPath({ filter: { q } }))}
        onChoosePlace={({ id }) => void navigate(searchPath({ filter: { place: id } }))}
      />
      <h2 className="section-heading">Categories</h2>
      <div className={styles.categories}>
        <Link to={categoryPath('rent')} className={`${styles.category} ${styles.rent}`}>
          <KeyRound size={40} aria-hidden="true" />
          <span>{categoryTitle('rent')}</span>
        </Link>
        <Link to={categoryPath('sale')} className={`${styles.category} ${styles.sale}`}>
          <Building2 size={40} aria-hidden="true" />
          <span>{categoryTitle('sale')}</span>
        </Link>
      </div>
    </main>
  )
}

function Recommended() {
  const { data: listings, status } = useRecommendedListings()
  if (status === 'pending') {
    // The carousel's room is kept while it loads, so the categories below do not jump.
    return (
      <>
        <h2 className="section-heading">Recommended</h2>
        <div className={`${styles.carousel} ${styles.slide}`}>
          <Spinner />
        </div>
      </>
    )
  }
  if (status === 'error' || listings.length === 0) return null
  return (
    <>
      <h2 className="section-heading">Recommended</h2>
      <Carousel
        label="Recommended"
        className={styles.carousel}
        slides={listings.map((listing, index) => (
          <RecommendedSlide key={listing.id} listing={listing} first={index === 0} />
        ))}
      />
    </>
  )
}

function RecommendedSlide({ listing, first }: { listing: Listing; first: boolean }) {
  const cover = listing.imageUrls[0]
  return (
    <Link to={listingPagePath(listing)} className={styles.slide}>
      {cover && (
        <img
          className={styles.slideImage}
          src={cover}
          srcSet={imageSrcSet(cover)}
          sizes={imageSizes.slide}
          width={1200}
          height={800}
          alt=""
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
        />
      )}
      <span className={styles.slideCaption}>
        <span className={styles.slideName}>{listing.name}</span>
        <span className={styles.slidePrice}>
          ${formatPrice(effectivePrice(listing))}
          {listing.type === 'rent' && ' / month'}
        </span>
      </span>
    </Link>
  )
}
