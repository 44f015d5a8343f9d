// First: Zod's settings must hold before any module makes a schema.
import '../shared/zod-config'
import './styles/global.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './App'
import { readPageData, seedPageData } from './page-data'
import { createQueryClient } from './api/query-client'

const queryClient = createQueryClient()
const root = document.getElementById('root')!
const app = (
  <App queryClient={queryClient} router={(children) => <BrowserRouter>{children}</BrowserRouter>} />
)

// A screen the server rendered is taken over as it stands; any other is rendered here, from the
// data the page carries when it has them (a search asked for the first time: decision 021).
const pageData = readPageData()
if (pageData) seedPageData(queryClient, pageData)
if (pageData && root.firstChild) {
  hydrateRoot(root, app)
} else {
  createRoot(root).render(app)
}
