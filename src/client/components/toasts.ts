// The one import of react-toastify: its unstyled build plus our stylesheet (no injected <style>),
// and one store, so every toast reaches the one container.
import 'react-toastify/ReactToastify.css'

export { toast, ToastContainer } from 'react-toastify/unstyled'
