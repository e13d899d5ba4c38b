import { expect, type Page } from '@playwright/test';
import { keyboardDrag, mouseDrag } from '../fixtures/drag';
import { checkAccessible, DEMO_PASSWORD, headerMenuItems, openHeaderMenuItem, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The dashboard manager and the landing page (issue 18). Summit Peak Partners' administrator designs a dashboard;
 * Tidewater Engineering (a company below Summit Peak) lands on it. No other spec changes these users' passwords
 * (account-password.spec.ts resets Silverline's), and the spec deletes every dashboard Summit Peak has when it ends,
 * so the demo data stays as the other specs expect.
 */
const MANAGER = 'summitpeak.admin';
const COMPANY_USER = 'tidewater.admin';
/** Summit Peak's auditor: a reseller user without CUSTOM_LANDING_PAGE. */
const NO_LANDING_USER = 'summitpeak.finance';
const TITLE = 'Summit Peak welcome';
const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const XSS = '<img src=x onerror=window.__x=1>';

test.describe.configure({ mode: 'serial' });

/**
 * The portal reaches only loopback addresses in tests: YouTube's player is answered by a stand-in page, so the frame
 * loads (and axe can look into it) without leaving the machine.
 */
async function standInForYoutube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Video player</title></head><body><p>Video player</p></body></html>',
    }),
  );
}

/** Signs in through the API and opens the portal at its start page, wherever that leads. */
async function signInAtStart(page: Page, username: string) {
  const response = await page.request.post('/api/op/Authenticate', { data: { Username: username, Password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  await page.goto('/');
  await expect(page.getByTestId('current-user')).toBeVisible();
}

const slot = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const filledSlot = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}: `) });

let dashboardId = 0;

test.afterAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL: baseURL as string });
  try {
    await api.post('/api/op/Authenticate', { data: { Username: MANAGER, Password: DEMO_PASSWORD } });
    const list = (await (await api.post('/api/op/ListDashboards', { data: {} })).json()) as { dashboards: { id: number }[] };
    for (const dashboard of list.dashboards ?? []) await api.post('/api/op/DeleteDashboard', { data: { id: dashboard.id } });
  } finally {
    await api.dispose();
  }
});

test.describe('dashboard manager and landing page', () => {
  test('[M2.8] [M4.8] [M9.5] start mode lists published dashboards and drafts; creating needs a layout and opens My Dashboard 1', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await openHeaderMenuItem(page, 'Administration', 'Dashboards');
    await expect(page).toHaveURL(/#\/DashboardManager\/Start$/);
    await expect(page.getByRole('heading', { name: 'Dashboard manager', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Published dashboards (0)' })).toBeVisible();
    await expect(page.getByText('No dashboard is published yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Drafts (0)' })).toBeVisible();
    await expect(page.getByText('No drafts. Create a dashboard to start one.')).toBeVisible();
    await shot(page, 'dashboards-start-empty');
    await checkAccessible(page);

    // The layout window: the 12 presets, drawn; none chosen creates nothing.
    await page.getByRole('button', { name: 'Create dashboard' }).click();
    const window = page.getByRole('dialog', { name: 'Choose a layout for the new dashboard' });
    const layouts = window.getByRole('radiogroup', { name: 'Layouts' });
    await expect(layouts.getByRole('radio')).toHaveCount(12);
    await expect(layouts.getByRole('radio', { checked: true })).toHaveCount(0);
    await window.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(window.getByRole('alert')).toHaveText('Choose a layout first: no dashboard was created.');
    await expect(page).toHaveURL(/#\/DashboardManager\/Start$/);
    await shot(page, 'dashboards-layout-window');
    await checkAccessible(page);
    await window.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Drafts (0)' })).toBeVisible();

    // The arrow keys move between presets; Two columns it is.
    await page.getByRole('button', { name: 'Create dashboard' }).click();
    await layouts.getByRole('radio', { name: 'One area', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await expect(layouts.getByRole('radio', { name: 'Two columns', exact: true })).toBeFocused();
    await expect(layouts.getByRole('radio', { name: 'Two columns', exact: true })).toHaveAttribute('aria-checked', 'true');
    await window.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page).toHaveURL(/#\/DashboardManager\/Edit\/\d+$/);
    dashboardId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name: 'Edit dashboard: My Dashboard 1', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('My Dashboard 1');
    await expect(page.getByRole('checkbox', { name: 'Reseller users' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Company users' })).not.toBeChecked();
    await expect(slot(page, 'Area 1')).toBeVisible();
    await expect(slot(page, 'Area 2')).toBeVisible();
  });

  test('[M1.2] [M2.10] [M4.7] [M4.9] [M8.13] [M9.4] designs a text and a video widget (mouse and keyboard) and publishes for Company users', async ({
    page,
  }) => {
    await standInForYoutube(page);
    await signIn(page, MANAGER);
    await page.goto(`/#/DashboardManager/Edit/${dashboardId}`);
    await expect(page.getByRole('heading', { name: 'Edit dashboard: My Dashboard 1' })).toBeVisible();
    const palette = page.getByRole('region', { name: 'Widgets' });
    // [M4.9] The palette offers text and video; the image widget is not offered.
    await expect(palette.getByRole('button')).toHaveCount(2);
    await expect(palette.getByRole('button', { name: 'Drag a Text widget' })).toBeVisible();
    await expect(palette.getByRole('button', { name: 'Drag a Video widget' })).toBeVisible();
    await expect(palette.getByText('Image')).toHaveCount(0);
    // Save always visible; Publish while unpublished.
    const actions = page.getByRole('toolbar', { name: 'Dashboard actions' });
    await expect(actions.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
    await shot(page, 'dashboards-edit-empty');
    await checkAccessible(page);

    // With the mouse: the text widget onto Area 1; its editor opens.
    await mouseDrag(page, palette.getByRole('button', { name: 'Drag a Text widget' }), slot(page, 'Area 1'));
    const textEditor = page.getByRole('dialog', { name: 'Text widget in Area 1' });
    await expect(textEditor).toBeVisible();
    const richText = textEditor.getByRole('textbox', { name: 'Text' });
    await richText.click();
    await page.keyboard.type('Welcome to Summit Peak. ');
    await textEditor.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Your services at a glance');
    await textEditor.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.press('Enter');
    await page.keyboard.type(XSS);
    await shot(page, 'dashboards-text-editor');
    await checkAccessible(page);
    await textEditor.getByRole('button', { name: 'Apply' }).click();
    await expect(textEditor).toHaveCount(0);
    await expect(filledSlot(page, 'Area 1')).toContainText('Welcome to Summit Peak.');

    // With the keyboard: Space, ArrowRight to the next empty area (Area 2), Space.
    await keyboardDrag(page, palette.getByRole('button', { name: 'Drag a Video widget' }), ['ArrowRight']);
    await expect(page.getByText('The Video widget was dropped on Area 2.')).toBeAttached();
    const videoEditor = page.getByRole('dialog', { name: 'Video widget in Area 2' });
    await expect(videoEditor).toBeVisible();
    // Only YouTube links: the contract's message, as the server words it.
    await videoEditor.getByRole('textbox', { name: 'YouTube link' }).fill('https://vimeo.com/76979871');
    await videoEditor.getByRole('button', { name: 'Apply' }).click();
    await expect(videoEditor.getByText('Enter a YouTube video link', { exact: false })).toBeVisible();
    await shot(page, 'dashboards-video-editor');
    await checkAccessible(page);
    await videoEditor.getByRole('textbox', { name: 'YouTube link' }).fill(VIDEO_URL);
    await videoEditor.getByRole('button', { name: 'Apply' }).click();
    await expect(videoEditor).toHaveCount(0);
    const frame = filledSlot(page, 'Area 2').locator('iframe');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await expect(frame).toHaveAttribute('title', 'My Dashboard 1: video in area 2');
    await expect(palette.getByText('Every area is filled.', { exact: false })).toBeVisible();

    // Removing brings the placeholder back; the keyboard drag fills it again.
    await page.getByRole('button', { name: 'Remove the Video widget from Area 2' }).click();
    await expect(slot(page, 'Area 2')).toContainText('Empty: drop a widget here');
    await keyboardDrag(page, palette.getByRole('button', { name: 'Drag a Video widget' }), ['ArrowDown']);
    await videoEditor.getByRole('textbox', { name: 'YouTube link' }).fill(VIDEO_URL);
    await videoEditor.getByRole('button', { name: 'Apply' }).click();
    await expect(filledSlot(page, 'Area 2').locator('iframe')).toBeVisible();

    // Title and audiences, then Save: the success notice.
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
    await page.getByRole('checkbox', { name: 'Company users' }).check();
    await page.getByRole('checkbox', { name: 'Reseller users' }).check();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await actions.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The dashboard has been saved.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Edit dashboard: ${TITLE}` })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    // [M9.4] The notice goes after 4 s.
    await expect(page.getByText('The dashboard has been saved.')).toHaveCount(0, { timeout: 7000 });

    // Publish asks first, word for word [M8.13]; then Unpublish replaces it.
    await actions.getByRole('button', { name: 'Publish', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish dashboard' });
    await expect(confirm).toContainText('Are you sure you want to publish this dashboard?');
    await shot(page, 'dashboards-publish-confirm');
    await checkAccessible(page);
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('The dashboard has been published.')).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await shot(page, 'dashboards-edit-published');
    await checkAccessible(page);

    await page.getByRole('link', { name: 'All dashboards' }).click();
    await expect(page.getByRole('heading', { name: 'Published dashboards (1)' })).toBeVisible();
    await expect(page.getByTestId('dashboards-published').getByRole('link', { name: TITLE, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Drafts (0)' })).toBeVisible();
    await shot(page, 'dashboards-start');
    await checkAccessible(page);
  });

  test('[M2.9] [M3.6] view mode shows the widgets read-only; markup typed as text stays text and never runs', async ({
    page,
  }) => {
    await standInForYoutube(page);
    await signIn(page, MANAGER);
    await page.goto('/#/DashboardManager/Start');
    await page.getByTestId('dashboards-published').getByRole('link', { name: TITLE, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/DashboardManager/View/${dashboardId}$`));
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(page.getByText('Shown to Reseller users, Company users')).toBeVisible();
    const text = page.getByTestId('dashboard-text-widget');
    await expect(text.locator('strong')).toHaveText('Your services at a glance');
    // What the user typed is shown as the characters typed.
    await expect(text).toContainText(XSS);
    await expect(page.locator('[onerror]')).toHaveCount(0);
    await expect(text.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __x?: number }).__x)).toBeUndefined();
    await expect(page.getByTitle(`${TITLE}: video in area 2`)).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    // No editing controls in view mode.
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await shot(page, 'dashboards-view');
    await checkAccessible(page);
  });

  test('[M3.6] a widget holding an image with an event handler is saved without it and renders without running', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    // Straight to the API, as another client might send it.
    const created = await (
      await page.request.post('/api/op/CreateDashboard', {
        data: {
          title: 'Summit Peak markup check',
          layout: { rows: [{ height: '100%', items: [{ id: 'a1', width: '100%', height: '100%' }] }] },
        },
      })
    ).json();
    const saved = await page.request.post('/api/op/UpdateDashboard', {
      data: {
        ...created,
        content: {
          a1: { type: 'text', html: `<p>Before</p>${XSS}<script>window.__x=2</script><p onclick="window.__x=3">After</p>` },
        },
      },
    });
    expect(saved.status()).toBe(200);

    await page.goto(`/#/DashboardManager/View/${created.id}`);
    const text = page.getByTestId('dashboard-text-widget');
    await expect(text).toContainText('Before');
    await expect(text).toContainText('After');
    await text.getByText('After').click();
    await expect(page.locator('[onerror], [onclick]')).toHaveCount(0);
    await expect(text.locator('img, script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __x?: number }).__x)).toBeUndefined();
    await checkAccessible(page);
    expect((await page.request.post('/api/op/DeleteDashboard', { data: { id: created.id } })).status()).toBe(200);
  });

  test('[M1.3] [M2.11] [M4.10] [M6.2] a company user with CUSTOM_LANDING_PAGE lands on the dashboard published for Company users', async ({
    page,
  }) => {
    await standInForYoutube(page);
    await signInAtStart(page, COMPANY_USER);

    await expect(page).toHaveURL(/#\/Home$/);
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(page.getByText('From Summit Peak Partners')).toBeVisible();
    await expect(page.getByTestId('dashboard-text-widget')).toContainText('Welcome to Summit Peak.');
    await expect(page.getByTitle(`${TITLE}: video in area 2`)).toBeVisible();
    await expect(page.locator('[onerror]')).toHaveCount(0);
    // [M6.17] Company users do not manage dashboards: no header entry.
    expect(await headerMenuItems(page, 'Administration')).not.toContain('Dashboards');
    await shot(page, 'dashboards-landing');
    await checkAccessible(page);

    await page.getByRole('link', { name: 'Go to my account' }).click();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Tidewater Engineering', level: 1 })).toBeVisible();
  });

  test('[M4.10] a user without CUSTOM_LANDING_PAGE lands on the account page, though the dashboard is published for its audience', async ({
    page,
  }) => {
    await signInAtStart(page, NO_LANDING_USER);

    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Summit Peak Partners', level: 1 })).toBeVisible();
    await expect(page.getByText(TITLE)).toHaveCount(0);
  });

  test('[M6.17] a user without the dashboard manager capability sees no Dashboards link and is refused at the routes', async ({
    page,
  }) => {
    await signIn(page, 'acme.admin');
    expect(await headerMenuItems(page, 'Administration')).not.toContain('Dashboards');

    for (const route of [
      '/#/DashboardManager',
      `/#/DashboardManager/Edit/${dashboardId}`,
      `/#/DashboardManager/View/${dashboardId}`,
    ]) {
      await page.goto(route);
      await expect(page.getByTestId('no-access')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create dashboard' })).toHaveCount(0);
    }
    await shot(page, 'dashboards-refused');
    await checkAccessible(page);
  });

  test('[M2.8] [M2.9] [M2.10] [M2.11] the manager and the landing page at phone size (390x844)', async ({ page }) => {
    await standInForYoutube(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await signIn(page, MANAGER);

    await page.goto('/#/DashboardManager/Start');
    await expect(page.getByRole('heading', { name: 'Published dashboards (1)' })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);
    await shot(page, 'dashboards-start-phone');
    await checkAccessible(page);

    await page.getByRole('button', { name: 'Create dashboard' }).click();
    await expect(page.getByRole('radio')).toHaveCount(12);
    await shot(page, 'dashboards-layout-window-phone');
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/#/DashboardManager/Edit/${dashboardId}`);
    await expect(page.getByRole('heading', { name: `Edit dashboard: ${TITLE}` })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'Dashboard actions' }).getByRole('button', { name: 'Save' })).toBeInViewport();
    expect(await noSidewaysScroll()).toBe(true);
    await shot(page, 'dashboards-edit-phone');
    await checkAccessible(page);

    await page.getByRole('button', { name: 'Edit the Text widget in Area 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Text widget in Area 1' })).toBeVisible();
    await shot(page, 'dashboards-text-editor-phone');
    await checkAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/#/DashboardManager/View/${dashboardId}`);
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);
    await shot(page, 'dashboards-view-phone');
    await checkAccessible(page);

    await page.request.post('/api/op/Logout', { data: {} });
    await signInAtStart(page, COMPANY_USER);
    await expect(page).toHaveURL(/#\/Home$/);
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);
    await shot(page, 'dashboards-landing-phone');
    await checkAccessible(page);
  });

  test('[M4.7] [M8.13] [M4.10] unpublish and delete ask first; without a published dashboard the company user lands on the account page', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await page.goto(`/#/DashboardManager/Edit/${dashboardId}`);
    const actions = page.getByRole('toolbar', { name: 'Dashboard actions' });

    await actions.getByRole('button', { name: 'Unpublish' }).click();
    const unpublish = page.getByRole('dialog', { name: 'Unpublish dashboard' });
    await expect(unpublish).toContainText('Are you sure you want to unpublish this dashboard?');
    await checkAccessible(page);
    await unpublish.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByText('The dashboard has been unpublished.')).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();

    const other = await page
      .context()
      .browser()
      ?.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1280, height: 800 } });
    if (!other) throw new Error('no second browser context');
    const companyPage = await other.newPage();
    await signInAtStart(companyPage, COMPANY_USER);
    await expect(companyPage).toHaveURL(/#\/Account\/View\/\d+$/);
    await expect(companyPage.getByRole('heading', { name: 'Tidewater Engineering', level: 1 })).toBeVisible();
    await other.close();

    await actions.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete dashboard' });
    await expect(remove).toContainText(`Are you sure you want to delete dashboard '${TITLE}'?`);
    await shot(page, 'dashboards-delete-confirm');
    await checkAccessible(page);
    // Cancel keeps it.
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toHaveCount(0);
    await actions.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete dashboard' }).getByRole('button', { name: 'Delete' }).click();

    await expect(page).toHaveURL(/#\/DashboardManager\/Start$/);
    await expect(page.getByText(`Dashboard '${TITLE}' has been deleted.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Published dashboards (0)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Drafts (0)' })).toBeVisible();
    await page.goto(`/#/DashboardManager/View/${dashboardId}`);
    await expect(page.getByText('This dashboard does not exist or has been deleted.')).toBeVisible();
  });
});
