import './styles/global.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { limits } from '../shared/listing'
import { createQueryClient } from './api/query-client'
import { AppHeader } from './components/AppHeader'
import { Navbar } from './components/Navbar'
import { ToastArea } from './components/ToastArea'
import { AppRoutes } from './routes'

const queryClient = createQueryClient()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppHeader />
        <AppRoutes />
        <Navbar />
        <ToastArea autoCloseMs={limits.toastMs} />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
)
