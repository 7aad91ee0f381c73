/**
 * The height of a chart's card with its title, view switch and 280 px canvas: the card is at least this tall, and the
 * overview reserves as much for each chart while the chart library loads, so the page does not grow as they arrive.
 */
export const chartCardMinHeight = 372;
