// The Create / Edit Listing form (SPEC §2), with the spec's order of checks on submit:
// discount → 'Max 6 images' → address → uploads → save.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import {
  discountIsBelowRegular,
  listingFormSchema,
  messages,
  type ListingFields,
  type ListingInput,
} from '../../../shared/listing-schema'
import { limits, type Listing } from '../../../shared/listing'
import { ApiError } from '../../api/http'
import { geocodeAddress, useSaveListing } from '../../api/listing-writes'
import { uploadImage } from '../../api/uploads'
import { Spinner } from '../Spinner'
import { toast } from '../toasts'
import { ImagePicker, type ImageItem } from './ImagePicker'
import styles from './ListingForm.module.css'
import { ToggleGroup, yesNo } from './ToggleGroup'

/** SPEC §2: latitude and longitude are typed in only when automatic geocoding is off; in this build it is always on. */
const geocodingEnabled = true

interface ListingFormProps {
  heading: string
  submitLabel: string
  defaults: ListingFields
  storedImageUrls?: string[]
  listingId?: string
  onSaved: (listing: Listing) => void
  /** The server refused the edit because the listing is someone else's. */
  onForbidden?: () => void
}

let imageCounter = 0

export function ListingForm(props: ListingFormProps) {
  const {
    heading,
    submitLabel,
    defaults,
    storedImageUrls = [],
    listingId,
    onSaved,
    onForbidden,
  } = props
  const { register, handleSubmit, control, setValue, getValues, setError, formState } =
    useForm<ListingFields>({
      defaultValues: defaults,
      resolver: zodResolver(listingFormSchema),
    })
  const [images, setImages] = useState<ImageItem[]>(() =>
    storedImageUrls.map((url, index) => ({ kind: 'stored', key: url, url, number: index + 1 })),
  )
  const [saving, setSaving] = useState(false)
  const save = useSaveListing(listingId)
  const ids = {
    name: useId(),
    bedrooms: useId(),
    bathrooms: useId(),
    address: useId(),
    regular: useId(),
    discounted: useId(),
    lat: useId(),
    lng: useId(),
  }
  const [type, offer, parking, furnished] = useWatch({
    control,
    name: ['type', 'offer', 'parking', 'furnished'],
  })

  // Previews are object URLs: free them when they leave.
  const previews = useRef(new Set<string>())
  // A save that ends after the user went elsewhere must not pull them back.
  const mounted = useRef(false)
  useEffect(() => {
    const urls = previews.current
    mounted.current = true
    return () => {
      mounted.current = false
      urls.forEach((url) => URL.revokeObjectURL(url))
      urls.clear()
    }
  }, [])

  function removeImage(key: string) {
    setImages((current) => {
      const removed = current.find((image) => image.key === key)
      if (removed?.kind === 'new') {
        URL.revokeObjectURL(removed.previewUrl)
        previews.current.delete(removed.previewUrl)
      }
      return current.filter((image) => image.key !== key)
    })
  }

  function addFiles(files: File[]) {
    const added = files.map((file): ImageItem => {
      const previewUrl = URL.createObjectURL(file)
      previews.current.add(previewUrl)
      return { kind: 'new', key: `new-${++imageCounter}`, file, previewUrl }
    })
    setImages((current) => [...current, ...added])
  }

  function updateImage(key: string, change: Partial<Extract<ImageItem, { kind: 'new' }>>) {
    setImages((current) =>
      current.map((image) =>
        image.key === key && image.kind === 'new' ? { ...image, ...change } : image,
      ),
    )
  }

  function moveImage(key: string, by: -1 | 1) {
    setImages((current) => {
      const from = current.findIndex((image) => image.key === key)
      const to = from + by
      if (from < 0 || to < 0 || to >= current.length) return current
      const next = [...current]
      ;[next[from], next[to]] = [next[to]!, next[from]!]
      return next
    })
  }

  /** Uploads what is not on the server yet, all in parallel; answers the body's image list. */
  async function uploadNewImages(): Promise<string[] | undefined> {
    const results = await Promise.all(
      images.map(async (image) => {
        if (image.kind === 'stored') return image.url
        if (image.uploadId) return image.uploadId
        updateImage(image.key, { progress: 0, error: undefined })
        try {
          const uploadId = await uploadImage(image.file, ({ sent, total }) =>
            updateImage(image.key, { progress: total ? sent / total : 0 }),
          )
          updateImage(image.key, { uploadId, progress: 1 })
          return uploadId
        } catch (error) {
          updateImage(image.key, { error: error instanceof Error ? error.message : String(error) })
          return undefined
        }
      }),
    )
    return results.every((result) => result !== undefined) ? (results as string[]) : undefined
  }

  async function onValid(fields: ListingFields) {
    if (!discountIsBelowRegular(fields)) return toast.error(messages.discount)
    if (images.length > limits.maxImages) return toast.error(messages.maxImages)
    if (images.length === 0) return toast.error('Add at least one image')

    setSaving(true)
    try {
      if (geocodingEnabled) {
        try {
          await geocodeAddress(fields.address)
        } catch (error) {
          return toast.error(
            error instanceof ApiError && error.status === 422
              ? messages.address
              : 'The address could not be checked, try again',
          )
        }
      }
      const uploaded = await uploadNewImages()
      if (!uploaded) return toast.error(messages.imagesNotUploaded)

      const input: ListingInput = { ...fields, images: uploaded }
      if (geocodingEnabled) {
        delete input.latitude
        delete input.longitude
      }
      const listing = await save.mutateAsync(input).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) {
          toast.error('You cannot edit this listing')
          onForbidden?.()
          return undefined
        }
        const fieldsWithErrors = error instanceof ApiError ? error.fields : {}
        for (const [name, message] of Object.entries(fieldsWithErrors)) {
          if (name in fields) setError(name as keyof ListingFields, { message })
        }
        toast.error(
          error instanceof ApiError
            ? (Object.values(fieldsWithErrors)[0] ?? error.message)
            : 'Could not save the listing',
        )
        return undefined
      })
      if (!listing) return
      toast.success('Listing saved')
      if (mounted.current) onSaved(listing)
    } finally {
      setSaving(false)
    }
  }

  const errors = formState.errors
  const fieldError = (name: keyof ListingFields) =>
    errors[name] && (
      <p className={styles.error} id={`${name}-error`}>
        {errors[name]?.message}
      </p>
    )
  const numberInput = (
    name: keyof ListingFields,
    id: string,
    min: number,
    max: number,
    className = styles.smallInput,
    step?: 'any',
  ) => (
    <input
      id={id}
      className={className}
      type="number"
      min={min}
      max={max}
      step={step}
      required
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `${name}-error` : undefined}
      {...register(name, { valueAsNumber: true })}
    />
  )

  return (
    <main className="page">
      <h1 className="page-header">{heading}</h1>
      <form
        className={styles.form}
        onSubmit={handleSubmit(onValid, (invalid) => {
          // Each field shows its own message; the first one is also said out loud.
          const first = Object.values(invalid)[0]?.message
          if (first) toast.error(first, { toastId: first })
        })}
        noValidate
      >
        {/* Nothing changes while saving: what is sent is what the form shows. */}
        <fieldset className={styles.controls} disabled={saving}>
          <ToggleGroup
            legend="Sell / Rent"
            options={[
              { label: 'Sell', value: 'sale' },
              { label: 'Rent', value: 'rent' },
            ]}
            value={type}
            onChange={(value) => setValue('type', value)}
          />

          <div className={styles.field}>
            <label htmlFor={ids.name} className={styles.label}>
              Name
            </label>
            <input
              id={ids.name}
              className={styles.input}
              maxLength={limits.nameLength.max}
              minLength={limits.nameLength.min}
              required
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'name-error' : undefined}
              {...register('name')}
            />
            {fieldError('name')}
          </div>

          <div className={styles.row}>
            <div className={styles.field}>
              <label htmlFor={ids.bedrooms} className={styles.label}>
                Bedrooms
              </label>
              {numberInput('bedrooms', ids.bedrooms, limits.rooms.min, limits.rooms.max)}
              {fieldError('bedrooms')}
            </div>
            <div className={styles.field}>
              <label htmlFor={ids.bathrooms} className={styles.label}>
                Bathrooms
              </label>
              {numberInput('bathrooms', ids.bathrooms, limits.rooms.min, limits.rooms.max)}
              {fieldError('bathrooms')}
            </div>
          </div>

          <ToggleGroup
            legend="Parking spot"
            options={yesNo}
            value={parking}
            onChange={(value) => setValue('parking', value)}
          />
          <ToggleGroup
            legend="Furnished"
            options={yesNo}
            value={furnished}
            onChange={(value) => setValue('furnished', value)}
          />

          <div className={styles.field}>
            <label htmlFor={ids.address} className={styles.label}>
              Address
            </label>
            <textarea
              id={ids.address}
              className={`${styles.input} ${styles.textarea}`}
              required
              aria-invalid={errors.address ? true : undefined}
              aria-describedby={errors.address ? 'address-error' : undefined}
              {...register('address')}
            />
            {fieldError('address')}
          </div>

          {!geocodingEnabled && (
            <div className={styles.row}>
              <div className={styles.field}>
                <label htmlFor={ids.lat} className={styles.label}>
                  Latitude
                </label>
                {numberInput('latitude', ids.lat, -90, 90, styles.smallInput, 'any')}
              </div>
              <div className={styles.field}>
                <label htmlFor={ids.lng} className={styles.label}>
                  Longitude
                </label>
                {numberInput('longitude', ids.lng, -180, 180, styles.smallInput, 'any')}
              </div>
            </div>
          )}

          <ToggleGroup
            legend="Offer"
            options={yesNo}
            value={offer}
            onChange={(value) => {
              setValue('offer', value)
              // A cleared price hidden by Offer No would block the form with no field to show it.
              if (!value && Number.isNaN(getValues('discountedPrice')))
                setValue('discountedPrice', 0)
            }}
          />

          <div className={styles.field}>
            <label htmlFor={ids.regular} className={styles.label}>
              Regular Price
            </label>
            <div className={styles.priceRow}>
              {numberInput(
                'regularPrice',
                ids.regular,
                limits.price.min,
                limits.price.max,
                styles.priceInput,
              )}
              {type === 'rent' && <span className={styles.priceSuffix}>$ / Month</span>}
            </div>
            {fieldError('regularPrice')}
          </div>

          {offer && (
            <div className={styles.field}>
              <label htmlFor={ids.discounted} className={styles.label}>
                Discounted Price
              </label>
              <div className={styles.priceRow}>
                {numberInput(
                  'discountedPrice',
                  ids.discounted,
                  limits.price.min,
                  limits.price.max,
                  styles.priceInput,
                )}
                {type === 'rent' && <span className={styles.priceSuffix}>$ / Month</span>}
              </div>
              {fieldError('discountedPrice')}
            </div>
          )}

          <ImagePicker
            images={images}
            required={images.length === 0}
            onAdd={addFiles}
            onRemove={removeImage}
            onMove={moveImage}
          />
        </fieldset>
        <button type="submit" className={`primary-button ${styles.submit}`} disabled={saving}>
          {submitLabel}
        </button>
        {saving && <Spinner label="Saving the listing…" />}
      </form>
    </main>
  )
}
