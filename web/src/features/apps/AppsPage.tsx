import { Button, Card, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { lazy, Suspense, useEffect } from "react";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import "./apps.css";
import { AppsStore } from "../../stores/AppsStore";

// rjsf and ajv are only loaded when a configuration is opened.
const AppConfigDialog = lazy(async () => ({ default: (await import("./AppConfigDialog")).AppConfigDialog }));

/**
 * /apps (manage:apps; COMPANY menu): the platform's app catalogue with each app's state in the
 * company; install, uninstall, and configure an installed app through a form generated from its
 * JSON Schema.
 */
export const AppsPage = observer(function AppsPage() {
  const store = useStore(AppsStore);
  useEffect(() => {
    void store.load();
  }, [store]);
  if (store.state === "pending" && store.apps.length === 0) return <Spinner size={32} />;
  return (
    <div className="apps-page" data-testid="apps-page">
      <ScreenHeader title="Apps" />
      {store.apps.length === 0 ? <NonIdealState icon="applications" title="No apps available" /> : (
        <div className="apps-grid">
          {store.apps.map((app) => (
            <Card key={app.publicId} className="apps-card" data-testid="app-card" aria-labelledby={`app-${app.publicId}`}>
              <h3 id={`app-${app.publicId}`}>{app.name} {app.installed && <Tag intent="success" minimal round>Installed</Tag>}</h3>
              <p>{app.description}</p>
              <div className="apps-actions">
                {app.installed ? (
                  <>
                    <Button icon="cog" text="Configure" aria-label={`Configure ${app.name}`} onClick={() => store.openConfig(app)} />
                    <Button icon="trash" variant="minimal" intent="danger" text="Uninstall" aria-label={`Uninstall ${app.name}`}
                      loading={store.busy === app.publicId} onClick={() => void store.uninstall(app.publicId)} />
                  </>
                ) : (
                  <Button icon="download" intent="primary" text="Install" aria-label={`Install ${app.name}`}
                    loading={store.busy === app.publicId} onClick={() => void store.install(app.publicId)} />
                )}
              </div>
            </Card>
          ))}
        </div>
      )}
      {store.form && (
        <Suspense fallback={null}>
          <AppConfigDialog form={store.form} onSave={() => void store.save()} onClose={() => store.discard()} />
        </Suspense>
      )}
    </div>
  );
});

export default AppsPage;
