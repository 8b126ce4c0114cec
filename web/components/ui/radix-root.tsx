// How the app mounts Radix's dialogs, popovers and menus (decision 0307): their content only once
// they first open. A closed one still mounted Radix's Presence, which dispatches an update as it
// mounts, synchronously: in the commit of a page's hydration, one per dialog, popover and menu of
// the page, and React then ran every effect of the page in that same long task. Once opened, the
// content stays mounted, so that it can animate closed.
import { type ComponentType, createContext, type ReactNode, useContext, useState } from 'react';

type RootProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
};

const Opened = createContext(true);

/** `Root`, its content (see useContentMounted) mounted once it first opens. */
export function radixRoot<P extends RootProps>(Root: ComponentType<P>) {
  function AppRoot(props: P) {
    const [opened, setOpened] = useState(Boolean(props.open || props.defaultOpen));
    if (props.open && !opened) setOpened(true);
    const { onOpenChange } = props;
    return (
      <Opened.Provider value={opened}>
        <Root
          {...props}
          onOpenChange={(open: boolean) => {
            if (open) setOpened(true);
            onOpenChange?.(open);
          }}
        />
      </Opened.Provider>
    );
  }
  return AppRoot;
}

/** Whether the root's content is drawn: once it has opened (a content returns null until then). */
export function useContentMounted(): boolean {
  return useContext(Opened);
}
