import { LightButton } from "../../shell/light";
import { useNavigate } from "react-router";
import { CenteredCard } from "../../shell/CenteredCard";

/** /error with an empty child: the generic error card. */
export default function ErrorIndexPage() {
  const navigate = useNavigate();
  return (
    <CenteredCard title="Whoops…" subtitle="Looks like something went wrong." testId="error-page">
      <LightButton text="Go to the portal" onClick={() => navigate("/")} />
    </CenteredCard>
  );
}
