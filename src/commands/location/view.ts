// How locations read in a table or TSV; --json shows them as the store sent them.
import type { Location } from '../../api/locations/schema.js';
import { scalarText } from '../../core/json.js';
import { listView, type Column, type View } from '../../core/output.js';
import type { LocationListColumn } from './columns.js';

const text = (field: keyof Location) => (location: Location) => scalarText(location[field]);

/** The name as sent, under `name` or (another store's spelling) `locationName`. */
export function locationName(location: Location): string {
  return scalarText(location.name ?? (location as Record<string, unknown>).locationName);
}

const columns: Record<LocationListColumn, Column<Location>> = {
  locationId: { header: 'ID', value: text('locationId') },
  name: { header: 'NAME', value: locationName, shrinkable: true },
  city: { header: 'CITY', value: text('city') },
  country: { header: 'COUNTRY', value: text('country') },
};

/** A listing, in the column order `location list` declares (LOCATION_LIST_COLUMNS). */
export function locationListView(order: readonly LocationListColumn[]): View<Location> {
  return listView(columns, order, ['city', 'country']);
}

/** One location, field by field. */
export const locationDetailView: View<Location> = {
  columns: [
    columns.locationId,
    columns.name,
    { header: 'ADDRESS1', value: text('address1') },
    { header: 'ADDRESS2', value: text('address2') },
    columns.city,
    { header: 'PROVINCE', value: text('province') },
    columns.country,
    { header: 'ZIP', value: text('zip') },
    { header: 'PHONE', value: text('phone') },
    { header: 'CREATED', value: text('createTime') },
    { header: 'UPDATED', value: text('updateTime') },
  ],
};
