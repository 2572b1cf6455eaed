/** The instance's logo beside its name (`BRAND_LOGO_URL`; the favicon by default): decorative. */
import { useBrand } from '../api/configApi';

export function BrandLogo() {
  const { logo } = useBrand();
  return <img className="brand__logo" src={logo} alt="" width={28} height={28} />;
}
