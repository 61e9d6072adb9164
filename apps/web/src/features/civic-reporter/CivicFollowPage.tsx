import { useLocation } from 'react-router';
import { FollowReport } from '../civic/FollowReport';
import { followTokenFrom } from '../civic/follow-link';

/** /track#<token> on the civic site: the one report the private link stands for, signed in or not. */
export function CivicFollowPage() {
  const { hash } = useLocation();
  return <FollowReport token={followTokenFrom(hash)} />;
}
