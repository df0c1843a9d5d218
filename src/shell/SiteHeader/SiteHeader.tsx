import { ChevronDown, ChevronRight, Menu, X } from 'lucide-react';
import { use, useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ShellSlots } from '../ShellSlots';
import { useSiteData } from '../SiteDataContext';
import type { Dropdown, Link as SiteLink, Submenu } from '../../content/site.generated';
import { useLanguage } from '../useLanguage';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import './SiteHeader.css';

const iconProps = { 'aria-hidden': true, focusable: false } as const;

/** Which menus are open. Dropdowns and sub-menus are named by their place in the menu, never by their label, whose script may have no letters an id can keep. */
interface OpenState {
  menu: boolean;
  dropdown: string | null;
  submenu: string | null;
}

const ALL_CLOSED: OpenState = { menu: false, dropdown: null, submenu: null };

/**
 * The navigation bar, built from the site file. Dropdown and sub-menus follow the
 * disclosure-navigation pattern (see README.md): buttons with aria-expanded, opened by
 * click, Enter or Space, closed by Escape with focus returned to the button.
 */
export function SiteHeader() {
  const { site } = useSiteData();
  const { pathname } = useLocation();
  const { words, local } = useLanguage();
  const [open, setOpen] = useState<OpenState>(ALL_CLOSED);
  const slots = use(ShellSlots);
  const headerRef = useRef<HTMLElement>(null);
  const id = useId();
  const navId = `${id}-nav`;
  const menuButtonId = `${id}-menu`;
  const toggleId = useCallback((kind: string, place: string) => `${id}-${kind}-${place}`, [id]);

  // A new page starts with every menu closed (state adjusted during render, not in an effect).
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(ALL_CLOSED);
  }

  useEffect(() => {
    if (!open.menu && !open.dropdown) return;
    const focus = (elementId: string) => document.getElementById(elementId)?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpen(ALL_CLOSED);
    };
    // Escape closes the innermost open menu and returns focus to the button that opened it.
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (open.submenu) {
        setOpen({ ...open, submenu: null });
        focus(toggleId('sub', open.submenu));
      } else if (open.dropdown) {
        setOpen({ ...open, dropdown: null });
        focus(toggleId('drop', open.dropdown));
      } else {
        setOpen(ALL_CLOSED);
        focus(menuButtonId);
      }
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, toggleId, menuButtonId]);

  function closeDropdownWhenFocusLeaves(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget) && event.relatedTarget) {
      setOpen((state) => ({ ...state, dropdown: null, submenu: null }));
    }
  }

  const renderLink = (link: SiteLink, className: string) => (
    <li key={link.to + link.label}>
      <NavLink to={local(link.to)} end className={className}>
        {link.label}
      </NavLink>
    </li>
  );

  const renderSubmenu = (entry: Submenu, place: string) => {
    const expanded = open.submenu === place;
    const listId = `${toggleId('sub', place)}-list`;
    return (
      <li key={place}>
        <button
          type="button"
          id={toggleId('sub', place)}
          className="site-nav__sublink site-nav__subtoggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setOpen({ ...open, submenu: expanded ? null : place })}
        >
          {entry.label}
          <ChevronRight {...iconProps} className="site-nav__chevron" />
        </button>
        <ul id={listId} className="site-nav__submenu collapsible" hidden={!expanded}>
          {entry.items.map((link) => renderLink(link, 'site-nav__sublink'))}
        </ul>
      </li>
    );
  };

  const renderDropdown = (item: Dropdown, place: string) => {
    const expanded = open.dropdown === place;
    const panelId = `${toggleId('drop', place)}-panel`;
    return (
      <li key={place} className="site-nav__item site-nav__item--dropdown" onBlur={closeDropdownWhenFocusLeaves}>
        <button
          type="button"
          id={toggleId('drop', place)}
          className="site-nav__link site-nav__toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setOpen({ ...open, dropdown: expanded ? null : place, submenu: null })}
        >
          {item.label}
          <ChevronDown {...iconProps} className="site-nav__chevron" />
        </button>
        <div id={panelId} className="site-nav__panel collapsible" hidden={!expanded}>
          {item.columns.map((column, columnIndex) => {
            const headingId = `${panelId}-${columnIndex}`;
            return (
              <div key={columnIndex} className="site-nav__column">
                <p id={headingId} className="site-nav__column-heading">
                  {column.heading}
                </p>
                <ul aria-labelledby={headingId} className="site-nav__column-list">
                  {column.items.map((entry, entryIndex) =>
                    'items' in entry
                      ? renderSubmenu(entry, `${place}-${columnIndex}-${entryIndex}`)
                      : renderLink(entry, 'site-nav__sublink'),
                  )}
                </ul>
              </div>
            );
          })}
        </div>
      </li>
    );
  };

  return (
    <header className="site-header" ref={headerRef}>
      {slots ? slots.languageLinks : <LanguageSwitcher />}
      <div className="container site-header__bar">
        <Link to={local('/')} className="site-header__brand">
          <Logo />
          <span>{site.name}</span>
        </Link>
        <button
          type="button"
          id={menuButtonId}
          className="site-header__menu-toggle"
          aria-expanded={open.menu}
          aria-controls={navId}
          onClick={() => setOpen(open.menu ? ALL_CLOSED : { ...ALL_CLOSED, menu: true })}
        >
          {open.menu ? <X {...iconProps} /> : <Menu {...iconProps} />}
          {words.ui.shell.menu}
        </button>
        <nav id={navId} aria-label={words.ui.shell.mainNav} className={`site-nav${open.menu ? ' site-nav--open' : ''}`}>
          <ul className="site-nav__list">
            {words.nav.map((item, index) =>
              'columns' in item ? (
                renderDropdown(item, String(index))
              ) : (
                <li key={item.to} className="site-nav__item">
                  <NavLink to={local(item.to)} end className="site-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
