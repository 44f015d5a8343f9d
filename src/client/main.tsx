// First: Zod's settings must hold before any module makes a schema.
import '../shared/zod-config'
import './styles/global.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './App'
import { readPageData, seedPageData } from './api/page-data'
import { createQueryClient } from './api/query-client'

const queryClient = createQueryClient()
const root = document.getElementById('root')!
const app = (
  <App queryClient={queryClient} router={(children) => <BrowserRouter>{children}</BrowserRouter>} />
)

// A screen the server drew is taken over as it stands; any other is drawn here.
const pageData = readPageData()
if (pageData) {
  seedPageData(queryClient, pageData)
  hydrateRoot(root, app)
} else {
  createRoot(root).render(app)
}
