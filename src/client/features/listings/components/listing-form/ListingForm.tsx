// The Create / Edit Listing form (the spec's screens), with the spec's order of checks on submit:
// discount → 'Max 6 images' → address → uploads → save. Some are also shown as the user goes: the
// name's length, the discount rule beside its field, and each image as it is picked.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import {
  discountIsBelowRegular,
  listingFormSchema,
  messages,
  type ListingInput,
} from '../../../../../shared/listing-schema'
import { pinIsNearAddress, pinTooFarMessage } from '../../../../../shared/geolocation'
import { limits, type Geolocation, type Listing } from '../../../../../shared/listing'
import { ApiError } from '../../../../api/http'
import { useSaveListing } from '../../api/listing-writes'
import { Spinner } from '../../../../components/Spinner'
import { dismissToastGroup, toast } from '../../../../components/toasts'
import { AddressField, addressNotCheckedMessage } from './AddressField'
import { Field, type FieldInputProps } from './Field'
import { ImagePicker } from './ImagePicker'
import { factsToSend, type ListingFormValues } from './listing-form-values'
import { ListingFactsFields } from './ListingFactsFields'
import styles from './ListingForm.module.css'
import { ToggleGroup, yesNo } from './ToggleGroup'
import { useAddressCheck, type PlacedPin } from '../../hooks/use-address-check'
import { useImageList } from '../../hooks/use-image-list'
import { processingMessage, useImageUploads } from '../../hooks/use-image-uploads'

/** The form's error toasts: once the listing is saved, none of them holds any more. */
const errorToasts = { group: 'listing-form' }

interface ListingFormProps {
  heading: string
  submitLabel: string
  defaults: ListingFormValues
  storedImageUrls?: string[]
  /** On Edit, where the listing's pin is: the map starts there. */
  storedPin?: Geolocation
  listingId?: string
  onSaved: (listing: Listing) => void
  /** The server rejected the edit because the listing is someone else's. */
  onForbidden?: () => void
}

export function ListingForm(props: ListingFormProps) {
  const {
    heading,
    submitLabel,
    defaults,
    storedImageUrls = [],
    storedPin,
    listingId,
    onSaved,
    onForbidden,
  } = props
  const { register, handleSubmit, control, setValue, getValues, setError, formState } =
    useForm<ListingFormValues>({
      defaultValues: defaults,
      resolver: zodResolver(listingFormSchema),
    })
  const addressCheck = useAddressCheck(storedPin && { address: defaults.address, pin: storedPin })
  const imageList = useImageList(storedImageUrls)
  const { images } = imageList
  const { uploads, uploadAll } = useImageUploads(errorToasts.group)
  const [saving, setSaving] = useState(false)
  const save = useSaveListing(listingId)
  const [type, offer, parking, furnished, typedName, regularPrice, discountedPrice] = useWatch({
    control,
    name: ['type', 'offer', 'parking', 'furnished', 'name', 'regularPrice', 'discountedPrice'],
  })

  // A save that ends after the user went elsewhere must not pull them back.
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  async function onValid(fields: ListingFormValues) {
    if (!discountIsBelowRegular(fields)) return toast.error(messages.discount, errorToasts)
    if (images.length > limits.maxImages) return toast.error(messages.maxImages, errorToasts)
    if (images.length === 0) return toast.error('Add at least one image', errorToasts)

    setSaving(true)
    try {
      let placed: PlacedPin
      try {
        placed = await addressCheck.check(fields.address)
      } catch (error) {
        return toast.error(
          error instanceof ApiError && error.status === 422
            ? messages.address
            : addressNotCheckedMessage,
          errorToasts,
        )
      }
      if (placed.place && !pinIsNearAddress(placed.pin, placed.place))
        return toast.error(pinTooFarMessage, errorToasts)
      // A file marked when it was picked would only be rejected by the server.
      if (images.some((image) => image.kind === 'new' && image.problem))
        return toast.error(messages.imagesNotUploaded, errorToasts)
      const uploaded = await uploadAll(images)
      if (!uploaded) return toast.error(messages.imagesNotUploaded, errorToasts)

      const input: ListingInput = {
        ...fields,
        ...factsToSend(fields),
        images: uploaded,
        geolocation: placed.pin,
      }
      const listing = await save.mutateAsync(input).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) {
          toast.error('You cannot edit this listing', errorToasts)
          onForbidden?.()
          return undefined
        }
        const fieldsWithErrors = error instanceof ApiError ? error.fields : {}
        for (const [name, message] of Object.entries(fieldsWithErrors)) {
          if (name in fields) setError(name as keyof ListingFormValues, { message })
        }
        toast.error(
          error instanceof ApiError
            ? (Object.values(fieldsWithErrors)[0] ?? error.message)
            : 'Could not save the listing',
          errorToasts,
        )
        return undefined
      })
      if (!listing) return
      dismissToastGroup(errorToasts.group)
      toast.success('Listing saved')
      if (mounted.current) onSaved(listing)
    } finally {
      setSaving(false)
    }
  }

  const errors = formState.errors
  // The count is of what the rule checks: the name without spaces at either end.
  const nameLength = (typedName ?? '').trim().length
  const nameTooLong = nameLength > limits.nameLength.max
  // The discount rule as one types, once both prices are numbers and the discount was touched.
  const discountTouched =
    formState.dirtyFields.discountedPrice || formState.touchedFields.discountedPrice
  const discountError =
    (discountTouched || formState.isSubmitted) &&
    Number.isFinite(regularPrice) &&
    Number.isFinite(discountedPrice) &&
    !discountIsBelowRegular({ regularPrice, discountedPrice })
      ? messages.discount
      : undefined
  const numberInput = (
    name: 'bedrooms' | 'bathrooms' | 'regularPrice' | 'discountedPrice',
    input: FieldInputProps,
    min: number,
    max: number,
    className = styles.smallInput,
  ) => (
    <input
      {...input}
      className={className}
      type="number"
      min={min}
      max={max}
      required
      {...register(name, { valueAsNumber: true })}
    />
  )

  /** A price, with '$ / Month' after it for a rental. */
  const priceInput = (name: 'regularPrice' | 'discountedPrice', input: FieldInputProps) => (
    <div className={styles.priceRow}>
      {numberInput(name, input, limits.price.min, limits.price.max, styles.priceInput)}
      {type === 'rent' && <span className={styles.priceSuffix}>$ / Month</span>}
    </div>
  )

  return (
    <main className="page">
      <div className={styles.layout}>
        <h1 className="page-header">{heading}</h1>
        <form
          className={styles.form}
          onSubmit={handleSubmit(onValid, (invalid) => {
            // Each field shows its own message; the first one is also said out loud.
            const first = Object.values(invalid)[0]?.message
            if (first) toast.error(first, { ...errorToasts, toastId: first })
          })}
          noValidate
        >
          {/* Nothing changes while saving: what is sent is what the form shows. Two columns on a
              desktop, read down the first and then the second: the spec's order either way. */}
          <fieldset className={styles.controls} disabled={saving}>
            <div className={styles.column}>
              <ToggleGroup
                legend="Sell / Rent"
                options={[
                  { label: 'Sell', value: 'sale' },
                  { label: 'Rent', value: 'rent' },
                ]}
                value={type}
                onChange={(value) => setValue('type', value)}
              />

              {/* No maxLength: a name typed or pasted too long is shown whole, its count over. */}
              <Field
                label="Name"
                error={errors.name?.message}
                hint={
                  <span className={nameTooLong ? styles.countOver : undefined}>
                    {`${nameLength} / ${limits.nameLength.max}`}
                  </span>
                }
              >
                {(input) => (
                  <input
                    {...input}
                    className={styles.input}
                    minLength={limits.nameLength.min}
                    required
                    {...register('name')}
                  />
                )}
              </Field>

              <div className={styles.row}>
                <Field label="Bedrooms" error={errors.bedrooms?.message}>
                  {(input) => numberInput('bedrooms', input, limits.rooms.min, limits.rooms.max)}
                </Field>
                <Field label="Bathrooms" error={errors.bathrooms?.message}>
                  {(input) => numberInput('bathrooms', input, limits.rooms.min, limits.rooms.max)}
                </Field>
              </div>

              <div className={styles.row}>
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
              </div>

              <AddressField
                registration={register('address')}
                error={errors.address?.message}
                addressCheck={addressCheck}
                getAddress={() => getValues('address')}
              />
            </div>

            <div className={styles.column}>
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

              <Field label="Regular Price" error={errors.regularPrice?.message}>
                {(input) => priceInput('regularPrice', input)}
              </Field>

              {offer && (
                <Field
                  label="Discounted Price"
                  error={errors.discountedPrice?.message ?? discountError}
                >
                  {(input) => priceInput('discountedPrice', input)}
                </Field>
              )}

              <ImagePicker
                images={images}
                uploads={uploads}
                status={saving ? processingMessage(images, uploads) : undefined}
                required={images.length === 0}
                onAdd={(files) => {
                  // The spec's 'Max 6 images', said at once as well as on submit: every file chosen
                  // stays in the list, and the user chooses which to remove.
                  if (imageList.add(files).overLimit > 0)
                    toast.error(messages.maxImages, { ...errorToasts, toastId: messages.maxImages })
                }}
                onRemove={imageList.remove}
                onMove={imageList.move}
                onUnreadable={imageList.markUnreadable}
              />
            </div>

            <ListingFactsFields
              control={control}
              register={register}
              setValue={setValue}
              errors={errors}
            />
          </fieldset>
          <div className={styles.actions}>
            <button type="submit" className={`primary-button ${styles.submit}`} disabled={saving}>
              {submitLabel}
            </button>
            {saving && <Spinner label="Saving the listing…" />}
          </div>
        </form>
      </div>
    </main>
  )
}
