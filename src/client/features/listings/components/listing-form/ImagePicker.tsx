// The images of a listing: existing ones and newly chosen files, with previews, order and progress,
// how many of the six are used (and 'Max 6 images' while there are more), and on a file that cannot
// be sent, why. Files come from the 'Add photos' button or, on a desktop, are dropped on its zone.
import { ArrowDown, ArrowUp, FileX, ImagePlus, X } from 'lucide-react'
import { useId, useRef, useState, type DragEvent } from 'react'
import { limits } from '../../../../../shared/listing'
import { acceptedImageExtensions, messages } from '../../../../../shared/listing-schema'
import pickerStyles from './ImagePicker.module.css'
import styles from './ListingForm.module.css'
import type { ImageItem } from '../../hooks/use-image-list'
import type { UploadState } from '../../hooks/use-image-uploads'

interface ImagePickerProps {
  images: ImageItem[]
  /** Each new image's upload, by its key, once one has begun. */
  uploads: ReadonlyMap<string, UploadState>
  onAdd: (files: File[]) => void
  onRemove: (key: string) => void
  onMove: (key: string, by: -1 | 1) => void
  /** What the server is doing with the photos, e.g. 'Processing photo 2 of 3…'. */
  status?: string
  /** The browser could not decode the file for its preview. */
  onUnreadable: (key: string) => void
  required: boolean
}

export function ImagePicker({
  images,
  uploads,
  onAdd,
  onRemove,
  onMove,
  onUnreadable,
  status,
  required,
}: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const inputId = useId()
  const noteId = useId()
  const countId = useId()
  const overId = useId()
  // Beside the field while it holds too many, as the discount rule is: submit says it again.
  const over = images.length > limits.maxImages

  // Files dropped on the zone are taken as if chosen; while the form saves they are rejected, and
  // the browser must not open them in place of the form either way.
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')
  const saving = () => input.current?.matches(':disabled') ?? false
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return
    event.preventDefault()
    event.dataTransfer.dropEffect = saving() ? 'none' : 'copy'
    setDragging(!saving())
  }
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
  }
  const onDrop = (event: DragEvent) => {
    setDragging(false)
    if (!carriesFiles(event)) return
    event.preventDefault()
    if (!saving()) onAdd(Array.from(event.dataTransfer.files))
  }

  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          Images
        </label>
        {/* Polite: picking files is when it changes, and then it is news. */}
        <span
          id={countId}
          className={over ? `${styles.count} ${styles.countOver}` : styles.count}
          aria-live="polite"
        >
          {`${images.length} / ${limits.maxImages}`}
        </span>
      </div>
      <p id={noteId} className={styles.imagesInfo}>
        The first image will be the cover (max 6).
      </p>
      {over && (
        <p id={overId} className={styles.error}>
          {messages.maxImages}
        </p>
      )}
      <div
        className={pickerStyles.dropZone}
        data-dragging={dragging || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        {/* The real control, out of sight but focusable: its second label is the button seen. */}
        <input
          ref={input}
          id={inputId}
          className={pickerStyles.fileInput}
          type="file"
          accept={acceptedImageExtensions}
          multiple
          required={required}
          aria-invalid={over || undefined}
          aria-describedby={over ? `${noteId} ${overId} ${countId}` : `${noteId} ${countId}`}
          onChange={(event) => {
            onAdd(Array.from(event.target.files ?? []))
            // The same file may be chosen again after it was removed.
            event.target.value = ''
          }}
        />
        <label htmlFor={inputId} className={`secondary-button ${pickerStyles.addButton}`}>
          <ImagePlus size={20} aria-hidden="true" />
          Add photos
        </label>
        <span className={pickerStyles.dropHint} aria-hidden="true">
          or drop them here
        </span>
      </div>
      {/* Always there, so that screen readers hear each new message. */}
      <p className={pickerStyles.status} aria-live="polite">
        {status}
      </p>
      {images.length > 0 && (
        <ol className={styles.previews} aria-label="Chosen images">
          {images.map((image, index) => {
            const name = image.kind === 'new' ? image.file.name : `Photo ${image.number}`
            const upload = uploads.get(image.key)
            const problem = image.kind === 'new' ? image.problem : undefined
            const src = image.kind === 'new' ? image.previewUrl : image.url
            return (
              <li
                key={image.key}
                className={problem ? `${styles.preview} ${styles.rejected}` : styles.preview}
              >
                {src ? (
                  <img
                    src={src}
                    alt={name}
                    width={96}
                    height={64}
                    onError={() => onUnreadable(image.key)}
                  />
                ) : (
                  // Blank while the file's first bytes are read; a cross once it is rejected.
                  <span className={styles.noPreview}>
                    {problem && <FileX size={28} aria-hidden="true" />}
                  </span>
                )}
                <div className={styles.previewText}>
                  <span className={styles.previewName}>
                    {index === 0 ? `${name} (cover)` : name}
                  </span>
                  {problem && <span className={styles.error}>{problem}</span>}
                  {upload?.progress !== undefined && !upload.error && (
                    <progress
                      className={styles.progress}
                      value={upload.progress}
                      max={1}
                      aria-label={`Upload of ${name}`}
                    />
                  )}
                  {/* Every byte is sent: the server is making the image, or will next. */}
                  {upload?.processing && <span className={pickerStyles.status}>Processing…</span>}
                  {upload?.error && <span className={styles.error}>{upload.error}</span>}
                </div>
                <div className={styles.previewActions}>
                  <button
                    type="button"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => onMove(image.key, -1)}
                  >
                    <ArrowUp size={18} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${name} down`}
                    disabled={index === images.length - 1}
                    onClick={() => onMove(image.key, 1)}
                  >
                    <ArrowDown size={18} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    onClick={() => onRemove(image.key)}
                  >
                    <X size={18} aria-hidden="true" />
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
