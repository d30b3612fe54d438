import { createRouter, createWebHistory } from 'vue-router';
import { checkSession, loadEnvironment, sessionEnded, state } from './api.ts';

/** The console's pages; each path is also a URL Recur answers with the console (SPA fallback). */
export const router = createRouter({
  history: createWebHistory('/console/'),
  routes: [
    { path: '/', redirect: '/overview' },
    { path: '/login', name: 'login', component: () => import('./pages/LoginPage.vue'), meta: { title: 'Sign in', public: true } },
    { path: '/overview', name: 'overview', component: () => import('./pages/OverviewPage.vue'), meta: { title: 'Overview' } },
    { path: '/plans', name: 'plans', component: () => import('./pages/PlansPage.vue'), meta: { title: 'Plans' } },
    { path: '/customers', name: 'customers', component: () => import('./pages/CustomersPage.vue'), meta: { title: 'Customers' } },
    {
      path: '/customers/:id',
      name: 'customer',
      component: () => import('./pages/CustomerPage.vue'),
      meta: { title: 'Customer' },
      props: true,
    },
    {
      path: '/subscriptions/:id',
      name: 'subscription',
      component: () => import('./pages/SubscriptionPage.vue'),
      meta: { title: 'Subscription' },
      props: true,
    },
    { path: '/invoices', name: 'invoices', component: () => import('./pages/InvoicesPage.vue'), meta: { title: 'Invoices' } },
    { path: '/invoices/:id', name: 'invoice', component: () => import('./pages/InvoicePage.vue'), meta: { title: 'Invoice' }, props: true },
    { path: '/dunning', name: 'dunning', component: () => import('./pages/DunningPage.vue'), meta: { title: 'Dunning' } },
    { path: '/audit', name: 'audit', component: () => import('./pages/AuditPage.vue'), meta: { title: 'Audit log' } },
    { path: '/developers', name: 'developers', component: () => import('./pages/DevelopersPage.vue'), meta: { title: 'Developers' } },
    { path: '/:rest(.*)*', name: 'not-found', component: () => import('./pages/NotFoundPage.vue'), meta: { title: 'Not found' } },
  ],
});

let sessionState: Promise<Awaited<ReturnType<typeof checkSession>>> | null = null;

router.beforeEach(async (to) => {
  if (!sessionState) {
    sessionState = checkSession();
    void loadEnvironment();
  }
  const found = await sessionState;
  if (to.meta.public) return true;
  if (found === 'signed-out' && !state.user) return { name: 'login', query: { next: to.fullPath } };
  return true;
});

/** After a login or logout, the session is asked again on the next navigation. */
export function forgetSessionCheck(): void {
  sessionState = null;
}

sessionEnded.handler = () => {
  forgetSessionCheck();
  const current = router.currentRoute.value;
  if (!current.meta.public) void router.push({ name: 'login', query: { next: current.fullPath } });
};

router.afterEach((to) => {
  document.title = `${String(to.meta.title ?? 'Console')} · Recur console${state.test ? ' (sandbox)' : ''}`;
});
