import { use } from 'react';
import type { BlockOf } from '../../content/blockTypes';
import { PageAssetsContext } from '../shared/PageAssets';
import { Section } from '../shared/Section';
import { useLanguage } from '../../shell/useLanguage';
import { DocumentUpload } from './DocumentUpload';
import './DocumentUploadBlock.css';

/** The upload page's list of the documents a link asks for; opened without a link, how to get one. */
export default function DocumentUploadBlock({ block }: { block: BlockOf<'document-upload'> }) {
  const { upload } = use(PageAssetsContext);
  const { words } = useLanguage();
  return (
    <Section heading={block.heading} className="document-upload">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      {upload ? <DocumentUpload view={upload} /> : <p>{words.ui.documents.noLink}</p>}
    </Section>
  );
}
