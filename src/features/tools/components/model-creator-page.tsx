// The Custom Model Creator's screen: the tool header with the server's price of a model, and
// the saved models feature's Creator below it.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { ModelCreator } from '../../models/components.ts';
import { creditPricesQueryOptions } from '../prices.ts';
import { ToolHeader } from './tool-header.tsx';

export function ModelCreatorPage() {
  const { t } = useLingui();
  usePageTitle(t`Custom Model Creator`);
  const { data: prices } = useQuery(creditPricesQueryOptions(useSupabase()));
  const price = prices?.['model-creator'];
  return (
    <ModelCreator
      price={price}
      header={
        <ToolHeader
          title={<Trans>Custom Model Creator</Trans>}
          price={
            price !== undefined && (
              <Plural value={price} one="# credit per model" other="# credits per model" />
            )
          }
          lead={
            <Trans>
              Describe a person once and use them on every photo: Drape makes your model in the front, back
              and side views the poses need. If it cannot be made, your credits come back.
            </Trans>
          }
        />
      }
    />
  );
}
