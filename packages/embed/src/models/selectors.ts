import type { ISelector, ITarget } from './types.js';

const SCHEMA_BASE = 'http://powerbi.com/product/schema#';

/** Base class of selectors. @example new VisualSelector('VisualContainer1').toJSON() */
export class Selector {
  static schemaUrl?: string;
  $schema: string;
  constructor(schema: string) {
    this.$schema = schema;
  }
  /**
   * Wire shape of the selector.
   * @example selector.toJSON();
   */
  toJSON(): ISelector {
    return { $schema: this.$schema };
  }
}

/** Selects a page by name. @example new PageSelector('ReportSection1') */
export class PageSelector extends Selector {
  static schemaUrl = `${SCHEMA_BASE}pageSelector`;
  pageName: string;
  constructor(pageName: string) {
    super(PageSelector.schemaUrl);
    this.pageName = pageName;
  }
  /** @example pageSelector.toJSON(); */
  toJSON(): ISelector {
    return { ...super.toJSON(), pageName: this.pageName } as ISelector;
  }
}

/** Selects a visual by name. @example new VisualSelector('VisualContainer1') */
export class VisualSelector extends Selector {
  static schemaUrl = `${SCHEMA_BASE}visualSelector`;
  visualName: string;
  constructor(visualName: string) {
    super(VisualSelector.schemaUrl);
    this.visualName = visualName;
  }
  /** @example visualSelector.toJSON(); */
  toJSON(): ISelector {
    return { ...super.toJSON(), visualName: this.visualName } as ISelector;
  }
}

/**
 * Selects visuals by type. Like the reference library, instances carry the visual-selector schema URL
 * while the class's own `schemaUrl` is the visual-type one.
 *
 * @example new VisualTypeSelector('slicer')
 */
export class VisualTypeSelector extends Selector {
  static schemaUrl = `${SCHEMA_BASE}visualTypeSelector`;
  visualType: string;
  constructor(visualType: string) {
    super(VisualSelector.schemaUrl);
    this.visualType = visualType;
  }
  /** @example visualTypeSelector.toJSON(); */
  toJSON(): ISelector {
    return { ...super.toJSON(), visualType: this.visualType } as ISelector;
  }
}

/** Selects slicers by target. @example new SlicerTargetSelector({ table: 't', column: 'c' }) */
export class SlicerTargetSelector extends Selector {
  static schemaUrl = `${SCHEMA_BASE}slicerTargetSelector`;
  target: ITarget;
  constructor(target: ITarget) {
    super(VisualSelector.schemaUrl);
    this.target = target;
  }
  /** @example slicerTargetSelector.toJSON(); */
  toJSON(): ISelector {
    return { ...super.toJSON(), target: this.target } as ISelector;
  }
}
