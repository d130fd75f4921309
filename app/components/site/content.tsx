// Words for the home page: the steps and the reasons to choose us.
import {
  BatteryFull,
  CreditCard,
  Globe,
  MessageCircle,
  Package,
  PenLine,
  Repeat,
  Share2,
  Zap,
} from "lucide-react";
import { DELIVERY_OPTIONS } from "~/delivery-options";
import type { Slide } from "./carousel";

const icon = "h-7 w-7";

export const HOW_IT_WORKS: Slide[] = [
  {
    title: "1. Order & Pay",
    body: "Choose your card type, add your link or links, and place your order.",
    icon: <CreditCard aria-hidden className={icon} />,
  },
  {
    title: "2. Receive Your Card",
    body: `Your card is delivered in ${DELIVERY_OPTIONS["uk-standard"].promise} by ${DELIVERY_OPTIONS["uk-standard"].name}, or the ${DELIVERY_OPTIONS["uk-next-day"].promise} with ${DELIVERY_OPTIONS["uk-next-day"].name}; worldwide in ${DELIVERY_OPTIONS.international.promise}.`,
    icon: <Package aria-hidden className={icon} />,
  },
  {
    title: "3. Share With a Tap",
    body: "Tap your card on any phone and your links open instantly. No app needed.",
    icon: <Share2 aria-hidden className={icon} />,
  },
];

export const WHY_CHOOSE: Slide[] = [
  {
    title: "Tap to Share Instantly",
    body: "One tap on a phone opens your links: no typing, no searching, no app.",
    icon: <Zap aria-hidden className={icon} />,
  },
  {
    title: "Chat Support",
    body: "Questions about your card? Message us on WhatsApp or by e-mail and a real person answers.",
    icon: <MessageCircle aria-hidden className={icon} />,
  },
  {
    title: "No Battery",
    body: "The chip is powered by the phone that taps it, so your card never needs charging.",
    icon: <BatteryFull aria-hidden className={icon} />,
  },
  {
    title: "Works Worldwide",
    body: "Any NFC phone in any country can read your card, on Android and iOS alike.",
    icon: <Globe aria-hidden className={icon} />,
  },
  {
    title: "Remote Link Changes",
    body: "Change the links on your Multi Link card page at any time, without a new card.",
    icon: <PenLine aria-hidden className={icon} />,
  },
  {
    title: "Endless Taps",
    body: "There is no limit on how often your card can be tapped. Share it as often as you like.",
    icon: <Repeat aria-hidden className={icon} />,
  },
];
