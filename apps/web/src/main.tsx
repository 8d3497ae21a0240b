import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startApp } from './app/boot.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter, preloadLaunchPage } from './app/router.tsx';
import { setNavigator } from './lib/navigation.ts';
// After the kit's own styles so our theme wins.
import './app/app.css';
import './app/kit.css';
import './app/first-frame.css';

/**
 * How long the first render waits for the launch page's code. Rendering before it arrives would
 * commit the loading screen first, and React holds a page that replaces a loading screen back
 * for up to 300 ms more; with the code here, the page is the first thing painted.
 */
const LAUNCH_PAGE_WAIT_MS = 3_000;

startApp();
const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, options));

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
const root = createRoot(container);
void Promise.race([
  preloadLaunchPage(router),
  new Promise((resolve) => setTimeout(resolve, LAUNCH_PAGE_WAIT_MS)),
]).then(() =>
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
