import type { IService } from './contract.js';
import type { IEmbedConfigurationBase } from './embed.js';
import * as errors from './errors.js';
import type * as models from './models/index.js';
import type { IHttpPostMessageResponse } from './protocol/index.js';
import * as utils from './util.js';

/** Bookmark operations of a report. */
export interface IBookmarksManager {
  getBookmarks(): Promise<models.IReportBookmark[]>;
  apply(bookmarkName: string): Promise<IHttpPostMessageResponse<void>>;
  play(playMode: models.BookmarksPlayMode): Promise<IHttpPostMessageResponse<void>>;
  capture(options?: models.ICaptureBookmarkOptions): Promise<models.IReportBookmark>;
  applyState(state: string): Promise<IHttpPostMessageResponse<void>>;
}

const bodyOf = (response: unknown): unknown => (response as IHttpPostMessageResponse<unknown>)?.body;

/**
 * Bookmarks of a report: list, apply by name, play, capture and apply a captured state.
 * Not supported for paginated (RDL) reports ([E8.1]).
 *
 * @example
 * const bookmarks = await report.bookmarksManager.getBookmarks();
 * await report.bookmarksManager.apply(bookmarks[0].name);
 */
export class BookmarksManager implements IBookmarksManager {
  constructor(
    private service: IService,
    private config: IEmbedConfigurationBase,
    private iframe?: HTMLIFrameElement,
  ) {}

  private get uid(): { uid: unknown } {
    return { uid: this.config.uniqueId };
  }

  private get frameWindow(): Window {
    return this.iframe?.contentWindow as Window;
  }

  private guard(): void {
    if (utils.isRDLEmbed(this.config.embedUrl)) throw errors.APINotSupportedForRDLError;
  }

  private async send<T>(call: Promise<IHttpPostMessageResponse<T>>): Promise<IHttpPostMessageResponse<T>> {
    try {
      return await call;
    } catch (response) {
      throw bodyOf(response);
    }
  }

  /**
   * Lists the report's bookmarks.
   * @example const bookmarks = await report.bookmarksManager.getBookmarks();
   */
  async getBookmarks(): Promise<models.IReportBookmark[]> {
    this.guard();
    const response = await this.send(
      this.service.hpm.get<models.IReportBookmark[]>('/report/bookmarks', this.uid, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Applies a bookmark by name.
   * @example await report.bookmarksManager.apply('Bookmark1');
   */
  async apply(bookmarkName: string): Promise<IHttpPostMessageResponse<void>> {
    this.guard();
    const request: models.IApplyBookmarkByNameRequest = { name: bookmarkName };
    return this.send(this.service.hpm.post<void>('/report/bookmarks/applyByName', request, this.uid, this.frameWindow));
  }

  /**
   * Turns bookmark presentation on or off.
   * @example await report.bookmarksManager.play(models.BookmarksPlayMode.Presentation);
   */
  async play(playMode: models.BookmarksPlayMode): Promise<IHttpPostMessageResponse<void>> {
    this.guard();
    const playBookmarkRequest: models.IPlayBookmarkRequest = { playMode };
    return this.send(this.service.hpm.post<void>('/report/bookmarks/play', playBookmarkRequest, this.uid, this.frameWindow));
  }

  /**
   * Captures the current state as a bookmark.
   * @example const bookmark = await report.bookmarksManager.capture({ allPages: true });
   */
  async capture(options?: models.ICaptureBookmarkOptions): Promise<models.IReportBookmark> {
    this.guard();
    const request: models.ICaptureBookmarkRequest = { options: options || {} };
    const response = await this.send(
      this.service.hpm.post<models.IReportBookmark>('/report/bookmarks/capture', request, this.uid, this.frameWindow),
    );
    return response.body;
  }

  /**
   * Applies a captured bookmark state.
   * @example await report.bookmarksManager.applyState(bookmark.state!);
   */
  async applyState(state: string): Promise<IHttpPostMessageResponse<void>> {
    this.guard();
    const request: models.IApplyBookmarkStateRequest = { state };
    return this.send(this.service.hpm.post<void>('/report/bookmarks/applyState', request, this.uid, this.frameWindow));
  }
}
