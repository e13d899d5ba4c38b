/** [M9.10] Splitter panes: two-pane 20% (min 200 px, max 800 px) and 80%; three-pane 20/60/20, sides 200-400 px. */
export const PANE_SIZES = {
  twoPane: { side: { defaultSize: '20%', minSize: '200px', maxSize: '800px' }, main: { defaultSize: '80%' } },
  threePane: {
    side: { defaultSize: '20%', minSize: '200px', maxSize: '400px' },
    main: { defaultSize: '60%' },
  },
} as const;
